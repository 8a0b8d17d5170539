import { SOCIAL_PLATFORMS, type SocialPlatform } from '@grouptrack/domain';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { formatPlatformName } from '../../../lib/platform-names';
import type { Contact, ContactSource } from '../api/get-contact';
import { useRemoveContactSource, useUpdateContact } from '../api/get-contact';

const PLATFORM_OPTIONS = SOCIAL_PLATFORMS.map((platform) => ({
  value: platform,
  label: formatPlatformName(platform),
}));

/** Whether a typed profile address can be saved: empty, or a web address. */
function readProfileUrl(value: string): { url?: string; error?: string } {
  const trimmed = value.trim();
  if (trimmed === '') return {};
  try {
    const url = new URL(trimmed);
    if (url.protocol === 'http:' || url.protocol === 'https:') return { url: url.toString() };
  } catch {
    // Falls through to the message below.
  }
  return { error: 'Enter the profile address starting with https://' };
}

/** The contact's platform profiles: add or change one (username, profile address), or take one off. */
export function SourcesSection({ teamUID, contact }: { teamUID: string; contact: Contact }) {
  const update = useUpdateContact(teamUID, contact.GTID);
  const remove = useRemoveContactSource(teamUID, contact.GTID);
  const sources = Object.entries(contact.sources) as [SocialPlatform, ContactSource][];
  const [platform, setPlatform] = useState<SocialPlatform | null>(null);
  const [username, setUsername] = useState('');
  const [profileUrl, setProfileUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);

  function choose(next: SocialPlatform | null) {
    setPlatform(next);
    const current = next ? contact.sources[next] : undefined;
    setUsername(current?.username ?? '');
    setProfileUrl(current?.url ?? '');
    setUrlError(null);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!platform) return;
    const { url, error } = readProfileUrl(profileUrl);
    setUrlError(error ?? null);
    if (error || (username.trim() === '' && !url)) return;
    update.mutate(
      { sources: [{ platform, ...(username.trim() && { username: username.trim() }), ...(url && { url }) }] },
      { onSuccess: () => choose(null) },
    );
  }

  const error = update.error ?? remove.error;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="contact-sources-heading">
      <Title order={2} size="h4" id="contact-sources-heading" mb="sm">
        Sources
      </Title>
      <Stack gap="sm">
        {sources.length === 0 ? (
          <Text size="sm" c="dimmed">
            No platform profiles yet. Add one below, or let the browser extension add it when it captures this
            person.
          </Text>
        ) : (
          <Stack gap={6}>
            {sources.map(([name, source]) => (
              <Group key={name} gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm">
                  <strong>{formatPlatformName(name)}</strong>
                  {source.username ? ` · ${source.username}` : ''}
                  {source.profileID ? ` · id ${source.profileID}` : ''}
                  {source.url && (
                    <>
                      {' · '}
                      <Anchor href={source.url} target="_blank" rel="noreferrer">
                        Open profile
                      </Anchor>
                    </>
                  )}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={`Remove the ${formatPlatformName(name)} profile`}
                  loading={remove.isPending && remove.variables === name}
                  onClick={() => remove.mutate(name)}
                >
                  <svg
                    width={14}
                    height={14}
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth={2.5}
                    aria-hidden="true"
                  >
                    <path d="M6 6l12 12M18 6L6 18" />
                  </svg>
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
        <form onSubmit={handleSubmit} aria-label="Add or change a profile" noValidate>
          <Stack gap="xs">
            <Select
              label="Platform"
              placeholder="Choose a platform to add or change"
              data={PLATFORM_OPTIONS}
              value={platform}
              onChange={(value) =>
                choose(PLATFORM_OPTIONS.find((option) => option.value === value)?.value ?? null)
              }
              size="xs"
            />
            {platform && (
              <>
                <TextInput
                  label="Username"
                  size="xs"
                  value={username}
                  onChange={(event) => setUsername(event.currentTarget.value)}
                />
                <TextInput
                  label="Profile address"
                  size="xs"
                  type="url"
                  placeholder="https://"
                  value={profileUrl}
                  error={urlError}
                  onChange={(event) => setProfileUrl(event.currentTarget.value)}
                />
                <Group gap="xs">
                  <Button
                    type="submit"
                    size="xs"
                    loading={update.isPending}
                    disabled={username.trim() === '' && profileUrl.trim() === ''}
                  >
                    Save profile
                  </Button>
                  <Button size="xs" variant="default" onClick={() => choose(null)}>
                    Cancel
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </form>
        {error && (
          <Alert color="red" variant="light" role="alert" title="Could not change the profiles">
            {formatErrorMessage(error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
