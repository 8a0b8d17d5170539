import { ActionIcon, Anchor, Badge, Button, Checkbox, Group, Stack, Text, Tooltip } from '@mantine/core';
import { PLATFORM_NAMES } from '@grouptrack/domain';
import type { QueueItem } from '@grouptrack/domain';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { formatRelativeTime } from '../../../lib/format';
import type { ConversationTab } from '../lib/conversation-tabs';

const TIME_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** When a message of a tab happened, in words: sent, queued, or last changed. */
function describeTimes(item: QueueItem, tab: ConversationTab): { label: string; iso: string } {
  if (tab === 'sent' && item.sentAt) return { label: 'Sent', iso: item.sentAt };
  if (tab === 'failed')
    return { label: item.status === 'failed' ? 'Failed' : 'Changed', iso: item.updatedAt };
  return { label: 'Queued', iso: item.createdAt };
}

export interface QueueItemRowProps {
  item: QueueItem;
  tab: ConversationTab;
  isSelectable: boolean;
  isSelected: boolean;
  isBusy: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onToggle: (id: string, isRange: boolean) => void;
  onApprove: (item: QueueItem) => void;
  onReject: (item: QueueItem) => void;
  onCancel: (item: QueueItem) => void;
  onEdit: (item: QueueItem) => void;
  onMove: (item: QueueItem, by: -1 | 1) => void;
}

/** One queued message: who it is to, on which platform, its text, why it waits or failed, and when. */
export function QueueItemRow({
  item,
  tab,
  isSelectable,
  isSelected,
  isBusy,
  canMoveUp,
  canMoveDown,
  onToggle,
  onApprove,
  onReject,
  onCancel,
  onEdit,
  onMove,
}: QueueItemRowProps) {
  const times = describeTimes(item, tab);
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm" px="sm" py={10}>
      {isSelectable && (
        <Checkbox
          mt={2}
          aria-label={`Select the message to ${item.contactName}`}
          checked={isSelected}
          // The click, not the change, tells whether shift was held for a range.
          onClick={(event: MouseEvent<HTMLInputElement>) => onToggle(item.id, event.shiftKey)}
          onChange={() => undefined}
        />
      )}
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={`/contact/${encodeURIComponent(item.GTID)}`} fw={600} size="sm">
            {item.contactName || 'Unnamed contact'}
          </Anchor>
          <Badge variant="light" size="sm">
            {PLATFORM_NAMES[item.platform]}
          </Badge>
          {tab === 'failed' && item.status !== 'failed' && (
            <Badge variant="outline" size="sm" color="gray">
              {item.status}
            </Badge>
          )}
        </Group>
        <Text size="sm" lineClamp={2} style={{ whiteSpace: 'pre-line' }}>
          {item.text}
        </Text>
        {item.reason && (
          <Text
            size="xs"
            c={tab === 'review' ? undefined : tab === 'failed' ? 'red.9' : 'dimmed'}
            fw={tab === 'review' ? 500 : undefined}
            lineClamp={2}
          >
            {item.reason}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          <time dateTime={times.iso} title={TIME_FORMAT.format(new Date(times.iso))}>
            {times.label} {formatRelativeTime(times.iso)}
          </time>
          {item.attempts > 0 && ` · ${item.attempts === 1 ? '1 attempt' : `${item.attempts} attempts`}`}
        </Text>
      </Stack>
      {tab === 'review' && (
        <Group gap={4} wrap="nowrap">
          <Button size="xs" onClick={() => onApprove(item)} disabled={isBusy}>
            Approve
          </Button>
          <Button size="xs" variant="default" onClick={() => onEdit(item)} disabled={isBusy}>
            Edit
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => onReject(item)} disabled={isBusy}>
            Reject
          </Button>
        </Group>
      )}
      {tab === 'scheduled' && (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Move up">
            <ActionIcon
              variant="default"
              aria-label="Move up"
              onClick={() => onMove(item, -1)}
              disabled={isBusy || !canMoveUp}
            >
              ↑
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down">
            <ActionIcon
              variant="default"
              aria-label="Move down"
              onClick={() => onMove(item, 1)}
              disabled={isBusy || !canMoveDown}
            >
              ↓
            </ActionIcon>
          </Tooltip>
          <Button size="xs" variant="default" onClick={() => onEdit(item)} disabled={isBusy}>
            Edit
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => onCancel(item)} disabled={isBusy}>
            Cancel
          </Button>
        </Group>
      )}
    </Group>
  );
}
