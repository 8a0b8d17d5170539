import { TOAST_TIMEOUT_MS } from '@grouptrack/domain';
import {
  Alert,
  Badge,
  Button,
  Code,
  FileInput,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { QueryError } from '../../../components/query-error';
import { formatErrorMessage } from '../../../lib/api-client';
import { usePublishSelectorPack, useSelectorMisses, useSelectorPacks } from '../api/selector-packs';
import { formatDateTime } from '../lib/format-date';

const FIRST_MISSES = 100;
const MAX_MISSES = 500;
/** A pack is a few tens of kilobytes; anything far larger is not one. */
const PACK_MAX_BYTES = 512 * 1024;

/** The browser extension's selector packs (served per platform, publish a newer one) and the selectors that miss. */
export function ExtensionTab() {
  return (
    <Stack gap="lg">
      <SelectorPacks />
      <SelectorMisses />
    </Stack>
  );
}

function SelectorPacks() {
  const packs = useSelectorPacks();
  const publish = usePublishSelectorPack();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const chooseFile = async (chosen: File | null) => {
    setFile(chosen);
    setError(null);
    if (!chosen) return;
    if (chosen.size > PACK_MAX_BYTES) {
      setError(`${chosen.name} is larger than 512 KB: that is not a selector pack.`);
      return;
    }
    setText(await chosen.text());
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    let pack: unknown;
    try {
      pack = JSON.parse(text);
    } catch {
      setError('This is not JSON: paste or upload the pack file as it is.');
      return;
    }
    if (typeof pack !== 'object' || pack === null || Array.isArray(pack)) {
      setError('A selector pack is one JSON object, with its platform and version.');
      return;
    }
    setError(null);
    publish.mutate(pack, {
      onSuccess: ({ platform, version }) => {
        setText('');
        setFile(null);
        notifications.show({
          color: 'teal',
          title: 'Selector pack published',
          message: `Extensions get the ${platform} pack, version ${version}, on their next refresh.`,
          autoClose: TOAST_TIMEOUT_MS,
        });
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          Selector packs
        </Title>
        <Text size="sm" c="dimmed">
          How the extension reads each platform&apos;s pages. It uses the newer of the pack bundled with it
          and the one published here, so a page that changed is fixed without a new extension.
        </Text>
        {packs.isPending && <Skeleton height={120} />}
        {packs.isError && (
          <QueryError
            title="Could not load the selector packs"
            error={packs.error}
            onRetry={() => void packs.refetch()}
            isRetrying={packs.isFetching}
          />
        )}
        {packs.isSuccess && (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs" aria-label="Selector packs served">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Platform</Table.Th>
                  <Table.Th>Version</Table.Th>
                  <Table.Th>Source</Table.Th>
                  <Table.Th>Published</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {packs.data.current.map((pack) => (
                  <Table.Tr key={pack.platform}>
                    <Table.Td>{pack.platform}</Table.Td>
                    <Table.Td>{pack.version}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={pack.source === 'operator' ? 'blue' : 'gray'}>
                        {pack.source === 'operator' ? 'Published' : 'Bundled'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{pack.publishedAt ? formatDateTime(pack.publishedAt) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="sm">
            <Title order={3} size="h5">
              Publish a pack
            </Title>
            {publish.isError && (
              <Alert color="red" variant="light" title="Could not publish the pack" role="alert">
                {formatErrorMessage(publish.error)}
              </Alert>
            )}
            <FileInput
              label="Pack file"
              placeholder="Choose a .json file"
              accept="application/json,.json"
              value={file}
              onChange={(chosen) => void chooseFile(chosen)}
              clearable
              maw={420}
            />
            <Textarea
              label="Or paste the pack"
              description="One platform's pack as JSON. Its version must be above the one served now."
              placeholder='{"platform": "instagram", "version": 2, …}'
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              autosize
              minRows={4}
              maxRows={14}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <Group>
              <Button type="submit" loading={publish.isPending} disabled={text.trim() === ''}>
                Publish pack
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}

function SelectorMisses() {
  const [limit, setLimit] = useState(FIRST_MISSES);
  const misses = useSelectorMisses(limit);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          Selector misses
        </Title>
        <Text size="sm" c="dimmed">
          Selectors that found nothing on a page, as extensions reported them, last seen first: the ones to
          fix in the next pack.
        </Text>
        {misses.isPending && <Skeleton height={120} />}
        {misses.isError && (
          <QueryError
            title="Could not load the selector misses"
            error={misses.error}
            onRetry={() => void misses.refetch()}
            isRetrying={misses.isFetching}
          />
        )}
        {misses.isSuccess && misses.data.length === 0 && (
          <Text size="sm" c="dimmed">
            No selector has missed yet.
          </Text>
        )}
        {misses.isSuccess && misses.data.length > 0 && (
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="xs" aria-label="Selector misses">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Platform</Table.Th>
                    <Table.Th>Page</Table.Th>
                    <Table.Th>Selector</Table.Th>
                    <Table.Th>Extension</Table.Th>
                    <Table.Th>Count</Table.Th>
                    <Table.Th>First seen</Table.Th>
                    <Table.Th>Last seen</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {misses.data.map((miss) => (
                    <Table.Tr
                      key={`${miss.platform}|${miss.pageKind}|${miss.selectorId}|${miss.extensionVersion}`}
                    >
                      <Table.Td>{miss.platform}</Table.Td>
                      <Table.Td>{miss.pageKind}</Table.Td>
                      <Table.Td>
                        <Code fz="xs">{miss.selectorId}</Code>
                      </Table.Td>
                      <Table.Td>{miss.extensionVersion}</Table.Td>
                      <Table.Td>{miss.count}</Table.Td>
                      <Table.Td>{formatDateTime(miss.firstSeenAt)}</Table.Td>
                      <Table.Td>{formatDateTime(miss.lastSeenAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {misses.data.length >= limit && limit < MAX_MISSES && (
              <Group>
                <Button variant="default" onClick={() => setLimit(MAX_MISSES)} loading={misses.isFetching}>
                  Show up to {MAX_MISSES}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
