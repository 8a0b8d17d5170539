import { MESSAGES, PLATFORM_NAMES } from '@grouptrack/domain';
import type { QueueStatus, SocialPlatform } from '@grouptrack/domain';
import { Alert, Badge, Button, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { waitABit } from '../../../lib/extension-bridge';
import { pauseQueue, resumeQueue, useQueueStatus, useSetQueueStatus } from '../api/queue-processor';
import type { ProcessorEvent, ProcessorState } from '../lib/processor-loop';
import { useQueueProcessor } from '../lib/use-queue-processor';
import type { AutoResponderEvent } from '../lib/auto-responder-round';
import { useAutoResponder } from '../lib/use-auto-responder';

export interface QueueProcessorPageProps {
  teamUID: string;
  platform: SocialPlatform;
}

/**
 * The queue processor tab of a platform: it sends the member's queued messages through the
 * extension while it is open, one at a time at the queue's pace, and shows the message being sent,
 * the time to the next one, today's count against the maximum, and pause and resume.
 */
export function QueueProcessorPage({ teamUID, platform }: QueueProcessorPageProps) {
  const name = PLATFORM_NAMES[platform];
  const status = useQueueStatus(teamUID, platform);
  const setStatus = useSetQueueStatus(teamUID, platform);
  const { state, events, wake } = useQueueProcessor(teamUID, platform);
  const visits = useAutoResponder(teamUID, platform);
  const change = useMutation({
    mutationFn: (action: 'pause' | 'resume') =>
      action === 'pause' ? pauseQueue(teamUID, platform) : resumeQueue(teamUID, platform),
    onSuccess: (next) => {
      setStatus(next);
      wake();
    },
    meta: { isErrorShownInline: true },
  });
  // The user works on the site by hand for a moment: the extension holds every automated action.
  const hold = useMutation({
    mutationFn: async () => {
      if ((await waitABit()) === null) throw new Error(MESSAGES.extensionNotInstalled);
    },
    onSuccess: () => wake(),
    meta: { isErrorShownInline: true },
  });
  const isPaused = status.data?.paused != null;

  return (
    <Stack gap="md" maw={720}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{name} queue processor</Title>
          <Text c="dimmed" size="sm">
            Keep this tab open: GroupTrack sends your queued {name} messages from here, one at a time.
          </Text>
        </div>
        {isPaused ? (
          <Button onClick={() => change.mutate('resume')} loading={change.isPending}>
            Resume
          </Button>
        ) : (
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => hold.mutate()}
              loading={hold.isPending}
              // The page already says why when the extension is not there to hold.
              disabled={state.phase === 'starting' || state.phase === 'no-extension'}
              title="Hold sending for a minute while you use the site yourself"
            >
              Wait a bit
            </Button>
            <Button variant="default" onClick={() => change.mutate('pause')} loading={change.isPending}>
              Pause
            </Button>
          </Group>
        )}
      </Group>
      {change.isError && (
        <Alert color="red" role="alert">
          {formatErrorMessage(change.error)}
        </Alert>
      )}
      {hold.isError && (
        <Alert color="red" role="alert">
          {hold.error.message}
        </Alert>
      )}
      {status.data && <TodayCard status={status.data} />}
      <NowCard state={state} status={status.data ?? null} />
      <EventList events={events} />
      <VisitList visits={visits} />
    </Stack>
  );
}

function TodayCard({ status }: { status: QueueStatus }) {
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label="Today">
      <Group justify="space-between">
        <Text fw={500}>
          Sent today: {status.sentToday} of {status.dailyMax}
        </Text>
        <Text size="sm" c="dimmed">
          {status.scheduled} scheduled · {status.pending} in review
        </Text>
      </Group>
      <Progress
        mt="xs"
        value={Math.min(100, (status.sentToday / Math.max(status.dailyMax, 1)) * 100)}
        aria-label="Today's messages against the maximum"
      />
      {status.paused && (
        <Text mt="xs" size="sm" c="orange">
          Paused: {status.paused.reason}
        </Text>
      )}
    </Paper>
  );
}

function NowCard({ state, status }: { state: ProcessorState; status: QueueStatus | null }) {
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label="Now">
      {state.phase === 'sending' ? (
        <Stack gap={4}>
          <Group gap="xs">
            <Badge>Sending</Badge>
            <Text fw={500}>to {state.item.contactName}</Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {state.item.text}
          </Text>
        </Stack>
      ) : (
        <Stack gap={4}>
          <Text fw={500} role="status" aria-label="Queue">
            {describeState(state, status)}
          </Text>
          <Countdown until={countdownTarget(state)} />
        </Stack>
      )}
    </Paper>
  );
}

function describeState(state: Exclude<ProcessorState, { phase: 'sending' }>, status: QueueStatus | null) {
  switch (state.phase) {
    case 'starting':
      return 'Starting…';
    case 'no-extension':
    case 'refused':
      return state.message;
    case 'held':
      return 'Waiting a bit while you work.';
    case 'waiting':
    case 'empty':
      return status?.sentence ?? state.sentence;
  }
}

function countdownTarget(state: ProcessorState): number | null {
  if (state.phase === 'held') return state.until;
  if (state.phase === 'waiting' && state.until !== null && !state.isPaused) return Date.parse(state.until);
  return null;
}

/** "Next message in 1:05", counting down each second. */
function Countdown({ until }: { until: number | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  if (until === null) return null;
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  const time = hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
  return (
    <Text size="sm" c="dimmed" aria-label="Countdown to the next message">
      Next message in {time}
    </Text>
  );
}

const OUTCOME_WORDS: Record<ProcessorEvent['outcome'], string> = {
  sent: 'Sent',
  'already-sent': 'Already sent',
  failed: 'Failed',
  blocked: 'Blocked',
  'not-logged-in': 'Not signed in',
  'not-sent': 'Not sent yet',
};

function EventList({ events }: { events: ProcessorEvent[] }) {
  if (events.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label="Sent from this tab">
      <List spacing={4} size="sm" listStyleType="none">
        {events.map((event) => (
          <List.Item key={`${event.item.id}-${event.at}`}>
            <Text span fw={500}>
              {OUTCOME_WORDS[event.outcome]}
            </Text>{' '}
            to {event.item.contactName}
            {event.reason !== null && (
              <Text span c="dimmed">
                {' '}
                — {event.reason}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

/** What the Auto Responder did from this tab, newest first. */
function VisitList({ visits }: { visits: AutoResponderEvent[] }) {
  if (visits.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label="Auto Responder from this tab">
      <List spacing={4} size="sm" listStyleType="none">
        {visits.map((visit, index) => (
          <List.Item key={index}>
            <Text span fw={500}>
              {visit.jobName}
            </Text>
            <Text span c={visit.isProblem ? 'red' : 'dimmed'}>
              {' '}
              — {visit.text}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
