import type { ChangeEvent } from '@grouptrack/domain';
import { and, asc, eq, gt, gte, max, sql } from 'drizzle-orm';
import type { Databases, TeamDb } from './db/databases';
import type { Engine } from './db/engine';
import { teamEvents } from './db/team-schema';
import type { Logger } from './logger';

const CHANNEL = 'team_events';
// PostgreSQL caps a NOTIFY payload at 8000 bytes; a larger event is announced by id and read back.
const MAX_INLINE_PAYLOAD = 7500;
const REPLAY_LIMIT = 1000;

export type { ChangeEvent };

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
  /** The id of the team's latest logged change (0 for none): a new stream carries what follows it. */
  latestEventId(teamUID: string): Promise<number>;
  /** Appends a change that follows a committed directory change (membership, team settings). */
  record(teamUID: string, change: ChangeInput): Promise<ChangeEvent>;
  /** False while a database's LISTEN connection is down or its streams are still catching up. */
  isLive(): boolean;
  stop(): Promise<void>;
}

/** How long to wait before reading a lost connection's missed changes again when that read fails. */
const CATCH_UP_RETRY_MS = 1000;

export async function startEventHub(databases: Databases, log: Logger): Promise<EventHub> {
  const listeners = new Map<string, Set<Listener>>();
  /**
   * Per team with subscribers: the highest event id handed to them. After a lost LISTEN connection
   * the team's subscribers are given what followed it, as a client reconnecting with Last-Event-ID is.
   */
  const cursors = new Map<string, number>();
  const dispatch = (event: ChangeEvent) => {
    const set = listeners.get(event.teamUID);
    if (!set) return;
    cursors.set(event.teamUID, Math.max(cursors.get(event.teamUID) ?? 0, event.id));
    for (const listener of set) {
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
  const readAfter = async (teamUID: string, afterId: number, limit: number) => {
    const rows = await databases
      .forTeam(teamUID)
      .select()
      .from(teamEvents)
      .where(and(eq(teamEvents.teamId, teamUID), gt(teamEvents.id, afterId)))
      .orderBy(asc(teamEvents.id))
      .limit(limit);
    return rows.map(toChangeEvent);
  };
  const announce = (announcement: Announcement) => {
    if ('truncated' in announcement) {
      readEvent(announcement.teamUID, announcement.id).then(
        (event) => event && dispatch(event),
        (error: unknown) => log.error({ err: error }, 'realtime read failed'),
      );
    } else {
      dispatch(announcement);
    }
  };

  /**
   * One per database engine: whether its LISTEN connection is up, and while it catches up after a
   * loss, the announcements that arrive meanwhile (handed out once the missed ones have been, unless
   * the catch-up handed them out already). `generation` counts the connection's losses and returns: a
   * catch-up begun before the latest of them stops, so two never hand out the same events.
   */
  interface Channel {
    connected: boolean;
    generation: number;
    pending: Announcement[] | null;
    caughtUp: Set<string>;
  }
  const engines = [...new Set(databases.shards.map((shard) => shard.engine))];
  const channels = new Map<Engine, Channel>(
    engines.map((engine) => [engine, { connected: true, generation: 0, pending: null, caughtUp: new Set() }]),
  );
  let stopped = false;

  const onPayload = (channel: Channel) => (payload: string) => {
    let announcement: Announcement;
    try {
      announcement = JSON.parse(payload) as Announcement;
    } catch {
      return;
    }
    if (!listeners.has(announcement.teamUID)) return;
    if (channel.pending) channel.pending.push(announcement);
    else announce(announcement);
  };

  /**
   * Hands each subscribed team of the engine what was committed after its cursor, then what waited.
   * False, having handed out nothing after its last read, when the connection was lost (or came back)
   * meanwhile: the catch-up of the connection's new life reads from the cursor this one left.
   */
  const catchUp = async (engine: Engine, channel: Channel, generation: number) => {
    const current = () => !stopped && channel.generation === generation;
    const { caughtUp } = channel;
    for (const teamUID of [...listeners.keys()]) {
      if (databases.shardFor(teamUID).engine !== engine) continue;
      const cursor = cursors.get(teamUID);
      if (cursor === undefined) continue;
      for (let page = await readAfter(teamUID, cursor, REPLAY_LIMIT); ;) {
        if (!current()) return false;
        for (const event of page) {
          caughtUp.add(`${teamUID}|${event.id}`);
          dispatch(event);
        }
        if (page.length < REPLAY_LIMIT || !listeners.has(teamUID)) break;
        page = await readAfter(teamUID, page.at(-1)!.id, REPLAY_LIMIT);
      }
    }
    if (!current()) return false;
    const waited = channel.pending ?? [];
    channel.pending = null;
    channel.caughtUp = new Set();
    for (const announcement of waited) {
      if (!caughtUp.has(`${announcement.teamUID}|${announcement.id}`)) announce(announcement);
    }
    return true;
  };
  const onConnection = (engine: Engine, channel: Channel) => (connected: boolean) => {
    channel.connected = connected;
    const generation = ++channel.generation;
    // What arrives from now on waits for the catch-up of this life; what waited before is in the log
    // after the cursor, and that catch-up reads it.
    channel.pending = [];
    channel.caughtUp = new Set();
    if (!connected) {
      log.warn({ database: engine.label }, 'realtime lost its database connection; reconnecting');
      return;
    }
    const attempt = () => {
      if (stopped || channel.generation !== generation) return;
      catchUp(engine, channel, generation).then(
        (done) => {
          if (done) log.info({ database: engine.label }, 'realtime is back; missed changes were sent');
        },
        (error: unknown) => {
          if (channel.generation !== generation) return;
          log.warn({ err: error, database: engine.label }, 'realtime could not read missed changes yet');
          setTimeout(attempt, CATCH_UP_RETRY_MS);
        },
      );
    };
    attempt();
  };

  const stops = await Promise.all(
    engines.map((engine) => {
      const channel = channels.get(engine)!;
      return engine.listen(CHANNEL, onPayload(channel), onConnection(engine, channel));
    }),
  );

  const latestEventId = async (teamUID: string) => {
    const [row] = await databases
      .forTeam(teamUID)
      .select({ id: max(teamEvents.id) })
      .from(teamEvents)
      .where(eq(teamEvents.teamId, teamUID));
    return row?.id ?? 0;
  };

  /** Where a team's cursor starts: its latest event when it gains its first subscriber. */
  const startCursor = (teamUID: string) => {
    latestEventId(teamUID).then(
      (id) => {
        if (listeners.has(teamUID)) cursors.set(teamUID, Math.max(cursors.get(teamUID) ?? 0, id));
      },
      (error: unknown) => log.warn({ err: error }, "realtime could not read a team's latest event"),
    );
  };

  return {
    latestEventId,
    subscribe(teamUID, listener) {
      let set = listeners.get(teamUID);
      if (!set) {
        set = new Set<Listener>();
        listeners.set(teamUID, set);
        startCursor(teamUID);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(teamUID) === set) {
          listeners.delete(teamUID);
          cursors.delete(teamUID);
        }
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
    isLive: () => [...channels.values()].every((channel) => channel.connected && !channel.pending),
    async stop() {
      stopped = true;
      listeners.clear();
      await Promise.allSettled(stops.map((stop) => stop()));
    },
  };
}
