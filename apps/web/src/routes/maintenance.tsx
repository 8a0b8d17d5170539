import { decideRoute } from '@grouptrack/domain';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { Icon } from '../components/icons';
import { useAppConfig } from '../lib/app-config';
import { usePageTitle } from '../lib/page-title';

/**
 * /maintenance: the downtime notice. It stays while the server says it is in maintenance or cannot be
 * reached; once the app is up, SPEC §4 step 3 sends the user on to the pipeline.
 */
export function MaintenanceRoute() {
  usePageTitle('Maintenance');
  const config = useAppConfig();
  if (config.isPending) return <FullPageLoader />;
  const decision = decideRoute({
    path: '/maintenance',
    needsAuth: false,
    user: null,
    subscriptionStatus: null,
    pendingInviteCode: null,
    isUnderMaintenance: config.isError || config.data.maintenance === true,
  });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="orange">
          <Icon name="tools" size={30} />
        </ThemeIcon>
        <Title order={1} size="h2">
          GroupTrack is down for maintenance
        </Title>
        <Text c="dimmed">
          We are updating GroupTrack. Your contacts, pipelines and queued messages are safe, and the app will
          be back shortly.
        </Text>
        <Button onClick={() => void config.refetch()} loading={config.isFetching}>
          Check again
        </Button>
      </Stack>
    </Center>
  );
}
