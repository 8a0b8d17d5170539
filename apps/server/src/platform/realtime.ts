import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Databases, TeamDb } from './db/databases';
import { teamEvents } from './db/team-schema';
import type { Logger } from './logger';

const CHANNEL = 'team_events';
// PostgreSQL caps a NOTIFY payload at 8000 bytes; a larger event is announced by id and read back.
const MAX_INLINE_PAYLOAD = 7500;
const REPLAY_LIMIT = 1000;

/** One committed change, as SSE clients receive it (shared/ARCHITECTURE.md, Realtime). */
export interface ChangeEvent {
  id: number;
  teamUID: string;
  entity: string;
  op: 'create' | 'update' | 'delete';
  ids: string[];
  data: Record<string, unknown> | null;
  pipelineId: string | null;
  createdAt: string;
}

export type ChangeInput = Pick<ChangeEvent, 'entity' | 'op' | 'ids'> & {
  data?: Record<string, unknown> | null;
  pipelineId?: string | null;
};

type Listener = (event: ChangeEvent) => void;

type Announcement = ChangeEvent | { teamUID: string; id: number; truncated: true };

/**
 * Appends a change to the team's log inside the caller's transaction. The NOTIFY is delivered
 * only when that transaction commits, so listeners never see a change that was rolled back.
 */
export async function appendChange(tx: TeamDb, teamUID: string, change: ChangeInput): Promise<ChangeEvent> {
  const [row] = await tx
    .insert(teamEvents)
    .values({
      teamId: teamUID,
      entity: change.entity,
      op: change.op,
      ids: change.ids,
      data: change.data ?? null,
      pipelineId: change.pipelineId ?? null,
    })
    .returning();
  const event = toChangeEvent(row!);
  const inline = JSON.stringify(event);
  const payload: Announcement =
    inline.length <= MAX_INLINE_PAYLOAD ? event : { teamUID, id: event.id, truncated: true };
  // pg_notify takes the channel as text, so this stays one parameterised statement.
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(payload)})`);
  return event;
}

function toChangeEvent(row: typeof teamEvents.$inferSelect): ChangeEvent {
  return {
    id: row.id,
    teamUID: row.teamId,
    entity: row.entity,
    op: row.op,
    ids: row.ids,
    data: row.data ?? null,
    pipelineId: row.pipelineId ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * What a reconnecting client missed. `complete` is false when the log can no longer say: the event
 * the client saw last has been pruned (the log keeps 7 days), or more than REPLAY_LIMIT followed it.
 */
export interface Replay {
  events: ChangeEvent[];
  complete: boolean;
}

/** Fans committed changes out to the subscribers of this process, whichever process made them. */
export interface EventHub {
  subscribe(teamUID: string, listener: Listener): () => void;
  /** Changes after `afterId`, oldest first, for a client that reconnects with Last-Event-ID. */
  replay(teamUID: string, afterId: number): Promise<Replay>;
  /** Appends a change that follows a committed directory change (membership, team settings). */
  record(teamUID: string, change: ChangeInput): Promise<ChangeEvent>;
  stop(): Promise<void>;
}

export async function startEventHub(databases: Databases, log: Logger): Promise<EventHub> {
  const listeners = new Map<string, Set<Listener>>();
  const dispatch = (event: ChangeEvent) => {
    for (const listener of listeners.get(event.teamUID) ?? []) {
      try {
        listener(event);
      } catch (error) {
        log.error({ err: error }, 'realtime listener failed');
      }
    }
  };
  const readEvent = async (teamUID: string, id: number) => {
    const [row] = await databases
      .forTeam(teamUID)
      .select()
      .from(teamEvents)
      .where(and(eq(teamEvents.teamId, teamUID), eq(teamEvents.id, id)));
    return row ? toChangeEvent(row) : null;
  };
  const onPayload = (payload: string) => {
    let announcement: Announcement;
    try {
      announcement = JSON.parse(payload) as Announcement;
    } catch {
      return;
    }
    if (!listeners.has(announcement.teamUID)) return;
    if ('truncated' in announcement) {
      readEvent(announcement.teamUID, announcement.id).then(
        (event) => event && dispatch(event),
        (error: unknown) => log.error({ err: error }, 'realtime read failed'),
      );
    } else {
      dispatch(announcement);
    }
  };
  const engines = [...new Set(databases.shards.map((shard) => shard.engine))];
  const stops = await Promise.all(engines.map((engine) => engine.listen(CHANNEL, onPayload)));

  return {
    subscribe(teamUID, listener) {
      const set = listeners.get(teamUID) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(teamUID, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(teamUID);
      };
    },
    async replay(teamUID, afterId) {
      // From the client's last event itself: finding it proves nothing between was pruned. Id 0 asks
      // for the whole log kept, with no event of its own to find.
      const rows = await databases
        .forTeam(teamUID)
        .select()
        .from(teamEvents)
        .where(and(eq(teamEvents.teamId, teamUID), gte(teamEvents.id, afterId)))
        .orderBy(asc(teamEvents.id))
        .limit(REPLAY_LIMIT + 2);
      const foundLast = rows[0]?.id === afterId;
      const missed = foundLast ? rows.slice(1) : rows;
      return {
        events: missed.slice(0, REPLAY_LIMIT).map(toChangeEvent),
        complete: (foundLast || afterId === 0) && missed.length <= REPLAY_LIMIT,
      };
    },
    record(teamUID, change) {
      return databases.forTeam(teamUID).transaction((tx) => appendChange(tx, teamUID, change));
    },
    async stop() {
      listeners.clear();
      await Promise.allSettled(stops.map((stop) => stop()));
    },
  };
}
