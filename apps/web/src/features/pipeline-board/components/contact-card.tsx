import { isSocialPlatform } from '@grouptrack/domain';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router';
import { formatRelativeTime } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import type { SearchHit } from '../../../lib/search-client';
import { formatPlatformName } from '../../../lib/platform-names';
import type { PipelineStage } from '../../contact-filters';

/** A tag's name and colour, looked up from the pipelines answer by tag id. */
export interface TagLabel {
  name: string;
  color: string;
}

const PLATFORM_COLORS: Record<string, string> = {
  facebook: '#1877F2',
  instagram: '#C13584',
  linkedin: '#0A66C2',
  pinterest: '#BD081C',
  tiktok: '#000000',
  youtube: '#C4302B',
  skool: '#5C3BFE',
};
const MAX_TAGS = 3;
const dueFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

/** The open-task marker: when the next task is due, in red once it is overdue. */
function TaskMarker({ dueAt, now }: { dueAt: string; now: Date }) {
  const isOverdue = Date.parse(dueAt) < now.getTime();
  return (
    <Badge
      size="xs"
      radius="sm"
      variant="light"
      color={isOverdue ? 'red' : 'blue'}
      tt="none"
      data-testid="card-task-marker"
      leftSection={
        <svg
          width={10}
          height={10}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={3}
          aria-hidden="true"
        >
          <path d="M5 12l5 5 9-11" />
        </svg>
      }
    >
      <VisuallyHidden>Open task: </VisuallyHidden>
      {isOverdue ? 'Overdue' : `Due ${dueFormat.format(new Date(dueAt))}`}
    </Badge>
  );
}

function Dot({ color }: { color: string | undefined }) {
  return (
    <span
      aria-hidden="true"
      style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 4, backgroundColor: color }}
    />
  );
}

export interface ContactCardProps {
  card: SearchHit;
  stages: PipelineStage[];
  tagLabels: Map<string, TagLabel>;
  onMove: (card: SearchHit, toStageId: string) => void;
  isOverlay?: boolean;
}

/** A contact on the board: photo, name, platforms, open task, last activity and tags, with a keyboard move menu. */
export const ContactCard = memo(function ContactCard({
  card,
  stages,
  tagLabels,
  onMove,
  isOverlay = false,
}: ContactCardProps) {
  const name = card.name || 'Unnamed contact';
  const now = useNow();
  const tags = card.tags.map((id) => tagLabels.get(id)).filter((tag) => tag !== undefined);
  return (
    <Paper withBorder radius="sm" p="xs" shadow={isOverlay ? 'md' : undefined} data-testid="contact-card">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Avatar src={card.photoURL} alt="" size={36} radius="xl" color="dark" variant="filled" name={name} />
        <Stack gap={4} flex={1} miw={0}>
          <Anchor
            component={Link}
            to={`/contact/${encodeURIComponent(card.GTID)}`}
            fw={600}
            size="sm"
            c="inherit"
            truncate="end"
          >
            {name}
          </Anchor>
          {card.emailAddress && (
            <Text size="xs" c="dimmed" truncate="end">
              {card.emailAddress}
            </Text>
          )}
          {card.platforms.length > 0 && (
            <Group gap={4}>
              {card.platforms.filter(isSocialPlatform).map((platform) => (
                <Badge
                  key={platform}
                  size="xs"
                  radius="sm"
                  variant="default"
                  leftSection={<Dot color={PLATFORM_COLORS[platform]} />}
                >
                  {formatPlatformName(platform)}
                </Badge>
              ))}
            </Group>
          )}
          {(card.nextTaskDueAt || card.lastActivityAt) && (
            <Group gap={6}>
              {card.nextTaskDueAt && <TaskMarker dueAt={card.nextTaskDueAt} now={now} />}
              {card.lastActivityAt && (
                <Text size="xs" c="dimmed" truncate="end">
                  Active {formatRelativeTime(card.lastActivityAt, now.getTime())}
                </Text>
              )}
            </Group>
          )}
          {tags.length > 0 && (
            <Group gap={4}>
              {tags.slice(0, MAX_TAGS).map((tag) => (
                <Badge
                  key={tag.name}
                  size="xs"
                  variant="default"
                  radius="xl"
                  tt="none"
                  leftSection={<Dot color={tag.color} />}
                >
                  {tag.name}
                </Badge>
              ))}
              {tags.length > MAX_TAGS && (
                <Text size="xs" c="dimmed">
                  +{tags.length - MAX_TAGS}
                </Text>
              )}
            </Group>
          )}
        </Stack>
        {!isOverlay && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Move ${name} to stage…`}>
                <svg width={16} height={16} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
                  <circle cx="12" cy="5" r="2" />
                  <circle cx="12" cy="12" r="2" />
                  <circle cx="12" cy="19" r="2" />
                </svg>
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Move to stage…</Menu.Label>
              {stages
                .filter((stage) => stage.stageUID !== card.stage)
                .map((stage) => (
                  <Menu.Item key={stage.stageUID} onClick={() => onMove(card, stage.stageUID)}>
                    {stage.name}
                  </Menu.Item>
                ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Paper>
  );
});
