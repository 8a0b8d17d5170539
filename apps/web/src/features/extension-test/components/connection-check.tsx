import { Alert, Button, List, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLoggedUser } from '../../../app/signed-in-user';
import { requestData } from '../../../lib/api-client';
import { runConnectionChecks } from '../lib/connection-checks';

/**
 * /bex/test: the extension's connection, checked through the extension itself (this page's calls go
 * through its session), as its options page shows it: who it is signed in as, whether the team's data
 * comes through, and which selector packs are served.
 */
export function ConnectionCheck() {
  const { currentTeam } = useLoggedUser();
  // Never a cached answer: each visit and each "Check again" asks the server anew.
  const checks = useQuery({
    queryKey: ['extension-connection-check', currentTeam.teamUID],
    queryFn: () => runConnectionChecks(<T,>(path: string) => requestData<T>(path), currentTeam.teamUID),
    gcTime: 0,
    staleTime: 0,
  });
  const results = checks.isFetching ? null : (checks.data ?? null);
  const failed = results?.filter((result) => !result.ok) ?? [];
  return (
    <Stack gap="sm">
      <Title order={1} size="h4">
        Connection check
      </Title>
      {results === null ? (
        <Loader size="sm" role="status" aria-label="Checking the connection" />
      ) : (
        <>
          <Alert color={failed.length === 0 ? 'green' : 'red'} role="status">
            {failed.length === 0
              ? 'The extension reaches GroupTrack and reads your team’s data.'
              : `${failed.map((result) => result.name).join(', ')} failed: see below.`}
          </Alert>
          <List spacing="xs" listStyleType="none" aria-label="Checks">
            {results.map((result) => (
              <List.Item
                key={result.name}
                icon={
                  <ThemeIcon color={result.ok ? 'green' : 'red'} size="sm" radius="xl" aria-hidden>
                    {result.ok ? '✓' : '!'}
                  </ThemeIcon>
                }
              >
                <Text size="sm" fw={600}>
                  {result.name} ({result.ok ? 'passed' : 'failed'}, {result.ms} ms)
                </Text>
                <Text size="sm">{result.detail}</Text>
              </List.Item>
            ))}
          </List>
          <Button size="xs" variant="default" onClick={() => void checks.refetch()} w="fit-content">
            Check again
          </Button>
        </>
      )}
    </Stack>
  );
}
