import type { ChangeEvent } from '@grouptrack/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { teamPath } from './api-client';
import { teamKeys } from './query-keys';

/** One committed change of the team, as `GET /api/v1/teams/:teamUID/events` sends it. */
export type TeamEvent = ChangeEvent;

type Listener = (event: TeamEvent) => void;

// One EventSource per team for the whole page, shared by every component that listens. The browser
// reconnects by itself and sends Last-Event-ID, so the server replays what was missed; when it
// cannot (the gap is older than its log or too long), it sends `resync` instead.
const streams = new Map<
  string,
  { source: EventSource; listeners: Set<Listener>; resyncs: Set<() => void> }
>();

/**
 * Listens to the team's changes, and to `onResync` when changes were missed that the server could not
 * replay; returns a function that stops listening.
 */
export function subscribeToTeamEvents(
  teamUID: string,
  listener: Listener,
  onResync?: () => void,
): () => void {
  let stream = streams.get(teamUID);
  if (!stream) {
    const source = new EventSource(teamPath(teamUID, 'events'), {
      withCredentials: true,
    });
    const listeners = new Set<Listener>();
    const resyncs = new Set<() => void>();
    source.addEventListener('resync', () => {
      for (const each of resyncs) each();
    });
    source.addEventListener('change', (message: MessageEvent<string>) => {
      let event: TeamEvent;
      try {
        event = JSON.parse(message.data) as TeamEvent;
      } catch {
        return;
      }
      for (const each of listeners) each(event);
    });
    stream = { source, listeners, resyncs };
    streams.set(teamUID, stream);
  }
  const current = stream;
  current.listeners.add(listener);
  if (onResync) current.resyncs.add(onResync);
  return () => {
    current.listeners.delete(listener);
    if (onResync) current.resyncs.delete(onResync);
    if (current.listeners.size === 0) {
      current.source.close();
      streams.delete(teamUID);
    }
  };
}

/**
 * Keeps the team's change stream open and, when the server says changes were missed that it cannot
 * replay, reloads every query of the team (all rooted at its key, `teamKeys.all`).
 */
export function useTeamResync(teamUID: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeToTeamEvents(
        teamUID,
        () => undefined,
        () => void queryClient.invalidateQueries({ queryKey: teamKeys.all(teamUID) }),
      ),
    [teamUID, queryClient],
  );
}
