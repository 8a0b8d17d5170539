import { Button, Group, NumberInput, Paper, Progress, Stack, Text } from '@mantine/core';
import { DAILY_GOAL_MAX, isSocialPlatform } from '@grouptrack/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { QueryError } from '../../../components/query-error';
import { formatPlatformName } from '../../../lib/platform-names';
import { useDailyGoal, useSetDailyGoal } from '../api/daily-goal';

/**
 * The Daily Goal: the messages GroupTrack sent for the user today (since their midnight, over all
 * their teams), per platform, against the goal they set. Advisory: nothing stops at the goal.
 */
export function DailyGoalCard() {
  const daily = useDailyGoal();
  const setGoal = useSetDailyGoal();
  const [draft, setDraft] = useState<number | string | null>(null);

  if (daily.isPending) return null;
  if (daily.isError) {
    return (
      <QueryError
        title="Couldn't load your Daily Goal"
        error={daily.error}
        onRetry={() => void daily.refetch()}
        isRetrying={daily.isFetching}
      />
    );
  }
  const { sent, goal, perPlatform } = daily.data;
  const value = draft ?? goal ?? '';

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const next = value === '' ? null : Number(value);
    setGoal.mutate(next, { onSuccess: () => setDraft(null) });
  }

  return (
    <Paper withBorder p="md" component="section" aria-label="Daily Goal">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end">
          <Stack gap={0}>
            <Text fw={600}>Daily Goal</Text>
            <Text size="xl" fw={700} aria-live="polite">
              {goal === null
                ? `${sent.toLocaleString()} sent today`
                : `${sent.toLocaleString()} of ${goal.toLocaleString()} sent today`}
            </Text>
          </Stack>
          <form onSubmit={handleSubmit}>
            <Group gap="xs" align="flex-end">
              <NumberInput
                label="Goal (messages a day)"
                placeholder="None"
                min={1}
                max={DAILY_GOAL_MAX}
                allowDecimal={false}
                value={value}
                onChange={setDraft}
                error={setGoal.error?.message}
                w={180}
              />
              <Button type="submit" variant="light" loading={setGoal.isPending} disabled={draft === null}>
                Save goal
              </Button>
            </Group>
          </form>
        </Group>
        {goal !== null && (
          <Progress
            aria-label="Sent today against the Daily Goal"
            value={Math.min(100, (sent / goal) * 100)}
            color={sent >= goal ? 'teal' : 'blue'}
          />
        )}
        <Text size="sm" c="dimmed">
          {perPlatform.length === 0
            ? 'Nothing sent yet today, over all your teams.'
            : `${perPlatform
                .map((row) => `${platformLabel(row.platform)} ${row.sent}`)
                .join(
                  ' · ',
                )}, over all your teams. The goal is yours to aim at: nothing stops when it is reached.`}
        </Text>
      </Stack>
    </Paper>
  );
}

/** A platform's name; messages copied without naming one are "other". */
function platformLabel(platform: string): string {
  return isSocialPlatform(platform) ? formatPlatformName(platform) : 'Other';
}
