import { TOAST_TIMEOUT_MS } from '@grouptrack/domain';
import { Alert, Button, Code, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { QueryError } from '../../../components/query-error';
import { formatErrorMessage } from '../../../lib/api-client';
import { useCurrentAppVersion, useSetAppVersion } from '../api/app-version';

const VERSION_MAX_LENGTH = 40;

/** The version the app announces; setting a new one tells every open app to refresh (SPEC §4). */
export function AppVersionTab() {
  const current = useCurrentAppVersion();
  const setVersion = useSetAppVersion();
  const [version, setVersionText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = version.trim();
    if (typed === '' || typed.length > VERSION_MAX_LENGTH) {
      setError(`Enter a version of 1 to ${VERSION_MAX_LENGTH} characters, such as 2.4.0.`);
      return;
    }
    if (typed === current.data) {
      setError('That is the current version already.');
      return;
    }
    setError(null);
    setVersion.mutate(typed, {
      onSuccess: ({ version: saved }) => {
        setVersionText('');
        notifications.show({
          color: 'teal',
          title: 'Version set',
          message: `Every open GroupTrack is asked to refresh for version ${saved}.`,
          autoClose: TOAST_TIMEOUT_MS,
        });
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="lg" maw={560}>
      <Stack gap="md">
        <Title order={2} size="h4">
          App version
        </Title>
        {current.isPending && <Skeleton height={24} width={160} />}
        {current.isError && (
          <QueryError
            title="Could not load the version"
            error={current.error}
            onRetry={() => void current.refetch()}
            isRetrying={current.isFetching}
          />
        )}
        {current.isSuccess && (
          <Text size="sm">
            Current version: <Code fz="sm">{current.data}</Code>
          </Text>
        )}
        <Text size="sm" c="dimmed">
          Set a new version after a release. Everyone with GroupTrack open is told to refresh their browser,
          and queue pages reload by themselves.
        </Text>
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="sm">
            {setVersion.isError && (
              <Alert color="red" variant="light" title="Could not set the version" role="alert">
                {formatErrorMessage(setVersion.error)}
              </Alert>
            )}
            <Group align="flex-start" gap="sm">
              <TextInput
                label="New version"
                placeholder="2.4.0"
                value={version}
                onChange={(event) => setVersionText(event.currentTarget.value)}
                error={error}
                maxLength={VERSION_MAX_LENGTH}
                w={220}
              />
              <Button type="submit" mt={25} loading={setVersion.isPending}>
                Set version
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
