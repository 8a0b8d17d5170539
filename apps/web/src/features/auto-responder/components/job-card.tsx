import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { AutoResponderCounts } from '@grouptrack/domain';
import { Icon } from '../../../components/icons';
import { RowActions } from '../../../components/row-actions';
import { formatRelativeTime } from '../../../lib/format';
import type { AutoResponder } from '../api/auto-responder';
import { describeActions, platformName, type AutoResponderNames } from '../lib/auto-responder-form';

const COUNT_LABELS: [keyof AutoResponderCounts, string][] = [
  ['seen', 'Comments seen'],
  ['matched', 'Matched'],
  ['replied', 'Replied'],
  ['messaged', 'Messaged'],
  ['captured', 'Captured'],
];

interface JobCardProps {
  job: AutoResponder;
  /** Names of templates, tags and pipelines; undefined while they load. */
  names: AutoResponderNames | undefined;
  now: Date;
  isFirst: boolean;
  isLast: boolean;
  /** Set while an archive or move of this job is on its way. */
  isChanging: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onArchive: (archived: boolean) => void;
  onMove: (by: -1 | 1) => void;
}

/** One job: its post, trigger words, what it does and its counts. */
export function JobCard({
  job,
  names,
  now,
  isFirst,
  isLast,
  isChanging,
  onEdit,
  onDelete,
  onArchive,
  onMove,
}: JobCardProps) {
  const actions = names ? describeActions(job, names) : [];
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Auto responder ${job.jobName}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600}>{job.jobName}</Text>
              <Badge variant="dot" tt="none" color="blue">
                {platformName(job.platform)}
              </Badge>
              {job.archived && (
                <Badge variant="dot" tt="none" color="gray">
                  Archived
                </Badge>
              )}
            </Group>
            <Anchor
              href={job.settings.permalinkURL}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
            >
              {job.settings.permalinkURL}
            </Anchor>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={`Move auto responder ${job.jobName} up`}
              disabled={isFirst || isChanging}
              onClick={() => onMove(-1)}
            >
              <Icon name="chevronUp" size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={`Move auto responder ${job.jobName} down`}
              disabled={isLast || isChanging}
              onClick={() => onMove(1)}
            >
              <Icon name="chevronDown" size={16} />
            </ActionIcon>
            <Button
              size="xs"
              variant="default"
              aria-label={`${job.archived ? 'Unarchive' : 'Archive'} auto responder ${job.jobName}`}
              loading={isChanging}
              onClick={() => onArchive(!job.archived)}
            >
              {job.archived ? 'Unarchive' : 'Archive'}
            </Button>
            <RowActions itemLabel={`auto responder ${job.jobName}`} onEdit={onEdit} onDelete={onDelete} />
          </Group>
        </Group>
        <Group gap={6} align="center">
          <Text size="sm" c="dimmed">
            Trigger words:
          </Text>
          {job.settings.triggerWords.map((word) => (
            <Badge key={word} variant="default" tt="none">
              {word}
            </Badge>
          ))}
        </Group>
        {actions.length > 0 && (
          <Text size="sm" component="ul" m={0} pl="lg" aria-label="What it does">
            {actions.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Text>
        )}
        <Group gap="lg" component="dl" m={0}>
          {COUNT_LABELS.map(([key, label]) => (
            <Stack key={key} gap={0}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fw={700}>
                {job.counts[key].toLocaleString('en-US')}
              </Text>
            </Stack>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {job.lastVisitedAt
            ? `Post last read ${formatRelativeTime(job.lastVisitedAt, now.getTime())}.`
            : job.archived
              ? 'Never read.'
              : 'Not read yet: its post is read while its group runs and a queue processor tab of its platform is open.'}
        </Text>
      </Stack>
    </Paper>
  );
}
