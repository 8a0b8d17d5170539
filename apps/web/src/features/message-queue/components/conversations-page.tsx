import { Group, SegmentedControl, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { SOCIAL_PLATFORMS } from '@grouptrack/domain';
import type { SocialPlatform } from '@grouptrack/domain';
import { useNavigate, useSearchParams } from 'react-router';
import { useLoggedUser } from '../../../app/signed-in-user';
import { formatPlatformName } from '../../../lib/platform-names';
import {
  CONVERSATION_TABS,
  CONVERSATION_TAB_LABELS,
  ENDED_STATUSES,
  ENDED_STATUS_LABELS,
  findTabStatus,
  formatConversationsPath,
  readConversationPlatform,
  readConversationTab,
  readEndedStatus,
} from '../lib/conversation-tabs';
import type { ConversationTab } from '../lib/conversation-tabs';
import { DailyGoalCard } from './daily-goal-card';
import { QueueItemList } from './queue-item-list';

const ALL_PLATFORMS = 'all';

const PLATFORM_OPTIONS = [
  { value: ALL_PLATFORMS, label: 'All platforms' },
  ...SOCIAL_PLATFORMS.map((platform) => ({ value: platform, label: formatPlatformName(platform) })),
];

/**
 * /messages/:tab?/:platform?: the member's queued messages: those sent, those waiting their turn,
 * those waiting for review and those that failed, on one platform or all (both in the address).
 */
export function ConversationsPage({
  tab,
  platform,
}: {
  tab: ConversationTab;
  platform: SocialPlatform | null;
}) {
  const { currentTeam } = useLoggedUser();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const ended = readEndedStatus(search.get('show'));
  const status = findTabStatus(tab, ended);

  return (
    <Stack>
      <Title order={1}>Conversations</Title>
      <Text c="dimmed">
        The messages your queue sent, those waiting their turn, those waiting for your review, and those that
        could not go out.
      </Text>
      <DailyGoalCard />
      <Group justify="space-between" align="flex-end">
        <Tabs
          value={tab}
          onChange={(value) =>
            value && void navigate(formatConversationsPath(readConversationTab(value), platform))
          }
        >
          <Tabs.List aria-label="Messages">
            {CONVERSATION_TABS.map((each) => (
              <Tabs.Tab key={each} value={each}>
                {CONVERSATION_TAB_LABELS[each]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Select
          label="Platform"
          data={PLATFORM_OPTIONS}
          value={platform ?? ALL_PLATFORMS}
          onChange={(value) =>
            void navigate(formatConversationsPath(tab, readConversationPlatform(value ?? undefined)))
          }
          allowDeselect={false}
          w={200}
        />
      </Group>
      {tab === 'failed' && (
        <SegmentedControl
          w="fit-content"
          aria-label="Show"
          data={ENDED_STATUSES.map((each) => ({ value: each, label: ENDED_STATUS_LABELS[each] }))}
          value={ended}
          onChange={(value) => setSearch(value === 'failed' ? {} : { show: value }, { replace: true })}
        />
      )}
      <QueueItemList
        key={`${status}:${platform ?? ALL_PLATFORMS}`}
        teamUID={currentTeam.teamUID}
        tab={tab}
        status={status}
        platform={platform}
      />
    </Stack>
  );
}
