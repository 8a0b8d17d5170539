import { Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { SOCIAL_PLATFORMS } from '@grouptrack/domain';
import type { SocialPlatform } from '@grouptrack/domain';
import { useNavigate } from 'react-router';
import { useLoggedUser } from '../../../app/signed-in-user';
import { QueryError } from '../../../components/query-error';
import { formatPlatformName } from '../../../lib/platform-names';
import { useQueueSettings } from '../api/queue-settings';
import { QueueSettingsEditor } from './queue-settings-editor';
import { QueueStatusCard } from './queue-status-card';

/** /setup/queue/:platform?: the member's own queue on each platform, where it stands and how it sends. */
export function QueueSetupPage({ platform }: { platform: SocialPlatform }) {
  const { currentTeam } = useLoggedUser();
  const navigate = useNavigate();
  const teamUID = currentTeam.teamUID;

  return (
    <Stack maw={900}>
      <Title order={1}>Message queue</Title>
      <Text c="dimmed">
        Your queue sends the messages you queue, one at a time, at a pace the platform does not take for a
        robot: a random gap between messages, breaks, your working hours and a maximum a day. Each platform
        has its own queue, and each teammate their own.
      </Text>
      <Tabs
        value={platform}
        onChange={(value) => value && void navigate(`/setup/queue/${value}`)}
        keepMounted={false}
      >
        <Tabs.List aria-label="Platforms">
          {SOCIAL_PLATFORMS.map((each) => (
            <Tabs.Tab key={each} value={each}>
              {formatPlatformName(each)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={platform} pt="md">
          <Stack>
            <QueueStatusCard teamUID={teamUID} platform={platform} />
            <SettingsPanel key={platform} teamUID={teamUID} platform={platform} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function SettingsPanel({ teamUID, platform }: { teamUID: string; platform: SocialPlatform }) {
  const settings = useQueueSettings(teamUID, platform);
  if (settings.isPending) return <Loader role="status" aria-label="Loading the settings" />;
  if (settings.isError) {
    return (
      <QueryError
        title="Couldn't load the settings"
        error={settings.error}
        onRetry={() => void settings.refetch()}
        isRetrying={settings.isFetching}
      />
    );
  }
  return <QueueSettingsEditor teamUID={teamUID} platform={platform} saved={settings.data} />;
}
