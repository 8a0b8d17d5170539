import { canSeePipelineItem } from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { trackStreams } from '../../platform/http/sse';
import { teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';
import type { ChangeEvent } from '../../platform/realtime';

/** Whether an event is for this member's stream: a queue item's goes only to those whose queue it is in. */
function isQueueOf(userId: string, event: ChangeEvent): boolean {
  if (event.entity !== 'queue_item') return true;
  const queuedTo = event.data?.queuedTo;
  return Array.isArray(queuedTo) && queuedTo.includes(userId);
}

/** The team's change stream (Server-Sent Events) with Last-Event-ID replay. */
export function registerEventRoutes(app: App, { auth, teams, events }: AppContext) {
  const streams = trackStreams(app);

  teamRoutes(app, { auth, teams }).get({
    path: '/events',
    schema: {
      tags: ['realtime'],
      summary:
        "The team's changes as Server-Sent Events; send Last-Event-ID to replay what was missed. A `resync` event says the gap is too old or too long to replay",
      querystring: z.object({
        /** The same as the Last-Event-ID header, for clients that cannot set headers. */
        lastEventId: z.coerce.number().int().min(0).optional(),
      }),
    },
    // The stream takes the reply over (sse.ts): nothing is sent as { data }.
    status: 'reply',
    handler: async ({ member: streamMember, query, request, reply }) => {
      const { teamUID, userId } = streamMember;
      // Re-read below when the member's own access changes while the stream is open.
      let member = streamMember;
      const header = request.headers['last-event-id'];
      const lastEventId =
        header !== undefined && /^\d+$/.test(String(header)) ? Number(header) : query.lastEventId;

      // Subscribe before replaying so nothing committed in between is lost; duplicates are dropped.
      let buffered: ChangeEvent[] | null = [];
      const unsubscribe = events.subscribe(teamUID, (event) =>
        buffered ? buffered.push(event) : handle(event),
      );
      // A new stream carries the changes committed after it opened. A change committed before can
      // still be announced a moment later (the notification travels on its own connection); the
      // client's own reads have it already.
      let openedAfter = 0;
      if (lastEventId === undefined) {
        try {
          openedAfter = await events.latestEventId(teamUID);
        } catch (error) {
          unsubscribe();
          throw error;
        }
      }
      const stream = streams.open(reply, unsubscribe);

      // Events are handled one after another: after a change to the member's own access, the
      // events that follow must be filtered with the new access, not the old.
      let queue = Promise.resolve();
      const deliver = async (event: ChangeEvent) => {
        if (canSeePipelineItem(member, event) && isQueueOf(userId, event)) {
          stream.send('change', event, event.id);
        }
        if (event.entity !== 'team_member' || !event.ids.includes(userId)) return;
        if (event.op === 'delete') {
          stream.end();
          return;
        }
        try {
          member = await teams.requireMember(member, teamUID);
        } catch {
          stream.end();
        }
      };
      const handle = (event: ChangeEvent) => {
        if (event.id <= openedAfter) return;
        queue = queue.then(() => deliver(event));
      };

      try {
        const replay =
          lastEventId === undefined
            ? { events: [], complete: true }
            : await events.replay(teamUID, lastEventId);
        // Gaps cannot be replayed: the client reloads what it shows instead.
        if (!replay.complete) stream.send('resync', { lastEventId });
        const replayed = replay.events;
        replayed.forEach(handle);
        const seen = new Set(replayed.map((event) => event.id));
        const pending = buffered;
        buffered = null;
        for (const event of pending) if (!seen.has(event.id)) handle(event);
      } catch (error) {
        request.log.error({ err: error }, 'event replay failed');
        stream.end();
      }
    },
  });
}
