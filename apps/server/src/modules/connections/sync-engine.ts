import {
  CONNECTION_FAILING_THRESHOLD,
  isIntegrationType,
  nextSyncAttemptAt,
  type IntegrationType,
} from '@grouptrack/domain';
import type { SyncAdapterFactory, SyncChange, SyncDelivery } from '../../integrations/adapter';
import { AdapterError } from '../../integrations/adapter-error';
import { clip, type HttpClient } from '../../integrations/http-client';
import type { Databases, Shard, TeamDb } from '../../platform/db/databases';
import type { Logger } from '../../platform/logger';
import { readPipelineLinks, type PipelineLink } from './connection-links';
import { loadLeadSnapshots } from './lead-snapshot';
import { planDeliveries } from './sync-plan';
import type { SecretBox } from './secret-box';
import * as repo from './sync.repository';

/** History lines planned per transaction. */
const OUTBOX_BATCH = 500;
/** Deliveries claimed per round; their calls run CALLS_AT_ONCE at a time. */
const DELIVERY_BATCH = 500;
const CALLS_AT_ONCE = 64;
/** A try longer than this is taken to have died with its worker (a call times out after 15 s). */
const LEASE_MS = 120_000;
const TICK_MS = 1000;
const SWEEP_EVERY_MS = 60_000;
const PRUNE_EVERY_MS = 3_600_000;
/** The delivery log keeps what went well (or was skipped) this long; failures stay until dealt with. */
const LOG_DAYS = 30;

export interface SyncEngineDeps {
  databases: Databases;
  secretBox: SecretBox;
  adapters: Record<IntegrationType, SyncAdapterFactory>;
  http: HttpClient;
  /** Member id → name, for the tasks a delivery describes. */
  listMemberNames(teamUID: string): Promise<Map<string, string>>;
  /** Tells the team's owner and admins, once per key (teams.tellManagers). */
  tellManagers(
    teamUID: string,
    message: { key: string; subject: string; text: string; path: string },
  ): Promise<void>;
  /** Seconds between tries (SYNC_RETRY_SCHEDULE); the domain's default when unset. */
  retrySchedule?: readonly number[] | undefined;
  now?: () => number;
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;

/**
 * The outward sync. Planning turns the history lines of the outbox (filled by a trigger in each
 * change's transaction) into deliveries under the rules of SPEC §5, in one transaction with taking
 * them, so a line is planned exactly once. Delivering claims due deliveries with a lease, calls each
 * system through its adapter, and writes every outcome of the batch at once: a success, a retry at
 * the schedule's next step, or the dead-letter list.
 */
export function createSyncEngine(deps: SyncEngineDeps) {
  const { databases, secretBox, adapters, http } = deps;
  const now = deps.now ?? Date.now;

  /** Plans one batch of a shard's outbox; answers how many lines it took. */
  async function plan(db: TeamDb): Promise<number> {
    return db.transaction(async (tx) => {
      const lines = await repo.takeOutbox(tx, OUTBOX_BATCH);
      const byTeam = new Map<string, repo.OutboxLine[]>();
      for (const line of lines) byTeam.set(line.teamId, [...(byTeam.get(line.teamId) ?? []), line]);
      for (const [teamId, teamLines] of byTeam) await planTeam(tx, teamId, teamLines);
      return lines.length;
    });
  }

  async function planTeam(tx: TeamDb, teamId: string, lines: repo.OutboxLine[]) {
    const setup = await repo.listSyncSetup(tx, teamId);
    const links = readPipelineLinks(setup.pipelineRows, setup.connectionRows);
    if (links.size === 0) return;
    const contactIds = [...new Set(lines.map((line) => line.contactId))];
    const tagIds = [
      ...new Set(lines.flatMap((line) => (typeof line.data.tagUID === 'string' ? [line.data.tagUID] : []))),
    ];
    const [facts, tagFacts] = await Promise.all([
      repo.listContactFacts(tx, teamId, contactIds),
      repo.listTagFacts(tx, teamId, tagIds),
    ]);
    const { waiting, skipped } = planDeliveries({
      teamId,
      lines,
      links,
      contacts: new Map(facts.map((row) => [row.id, row])),
      tags: new Map(tagFacts.map((row) => [row.id, row])),
      stages: new Map(setup.stageRows.map((row) => [row.id, row])),
      at: new Date(now()),
    });
    await repo.queueDeliveries(tx, waiting);
    await repo.insertSkipped(tx, skipped);
  }

  /** Tries one batch of a shard's due deliveries; answers how many it tried. */
  async function deliverDue(db: TeamDb): Promise<number> {
    const { claimed, rows: due } = await repo.claimDue(db, DELIVERY_BATCH, LEASE_MS);
    const byTeam = new Map<string, repo.DeliveryRow[]>();
    for (const row of due) byTeam.set(row.teamId, [...(byTeam.get(row.teamId) ?? []), row]);
    for (const [teamId, rows] of byTeam) await deliverTeam(db, teamId, rows);
    return claimed;
  }

  async function deliverTeam(db: TeamDb, teamId: string, rows: repo.DeliveryRow[]) {
    const setup = await repo.listSyncSetup(db, teamId);
    const connectionOf = new Map(setup.connectionRows.map((row) => [row.id, row]));
    const links = readPipelineLinks(setup.pipelineRows, setup.connectionRows);
    const deliveries = await freezePayloads(db, teamId, rows, links);
    const outcomes: repo.TryOutcome[] = [];
    const remoteIds: Parameters<typeof repo.saveRemoteIds>[1] = [];
    const counts = new Map<string, { failed: number; delivered: number }>();
    const adapterOf = new Map<string, ReturnType<SyncAdapterFactory> | AdapterError>();

    const tryOne = async (row: repo.DeliveryRow) => {
      const delivery = deliveries.get(row.id);
      const connection = connectionOf.get(row.connectionId);
      const count = counts.get(row.connectionId) ?? { failed: 0, delivered: 0 };
      counts.set(row.connectionId, count);
      const finish = (outcome: Omit<repo.TryOutcome, 'teamId' | 'id'>) => {
        outcomes.push({ teamId, id: row.id, ...outcome });
        if (outcome.status === 'failed') count.failed += 1;
        if (outcome.status === 'delivered') count.delivered += 1;
      };
      if (!delivery || !connection) {
        const message = connection
          ? 'This person is no longer in GroupTrack.'
          : 'The connection was removed.';
        finish({ status: 'failed', dueAt: new Date(now()), responseCode: null, responseMessage: message });
        return;
      }
      try {
        let adapter = adapterOf.get(connection.id);
        if (!adapter) {
          adapter = buildAdapter(connection);
          adapterOf.set(connection.id, adapter);
        }
        if (adapter instanceof AdapterError) throw adapter;
        const answer = await adapter.deliver(delivery);
        finish({
          status: 'delivered',
          dueAt: new Date(now()),
          responseCode: answer.status ?? null,
          responseMessage: null,
        });
        if (answer.contactID || answer.pipelineItemID) {
          remoteIds.push({
            teamId,
            connectionId: connection.id,
            contactId: row.contactId,
            remoteId: answer.contactID ?? null,
            remoteItemId: answer.pipelineItemID ?? null,
          });
        }
      } catch (error) {
        const failure = describeFailure(error);
        const retryAt = failure.retryable
          ? nextSyncAttemptAt({
              attempt: row.attempts,
              now: now(),
              retryAfterMs: failure.retryAfterMs,
              schedule: deps.retrySchedule,
            })
          : null;
        finish({
          status: retryAt === null ? 'failed' : 'pending',
          dueAt: new Date(retryAt ?? now()),
          responseCode: failure.status,
          responseMessage: failure.message,
        });
      }
    };

    await runAtMost(CALLS_AT_ONCE, rows, tryOne);
    await repo.saveOutcomes(db, outcomes);
    await repo.saveRemoteIds(db, remoteIds);
    const crossed = await repo.countFailures(db, teamId, counts, CONNECTION_FAILING_THRESHOLD);
    for (const connectionId of crossed) {
      const connection = connectionOf.get(connectionId);
      if (!connection) continue;
      await deps.tellManagers(teamId, {
        key: `connection-failing_${connectionId}_${outcomes.find((row) => row.status === 'failed')?.id ?? ''}`,
        subject: `The connection "${connection.name}" keeps failing`,
        text: `The last ${CONNECTION_FAILING_THRESHOLD} deliveries to "${connection.name}" failed after every retry. They wait in its dead-letter list, where you can see what the system answered and send them again:`,
        path: `/setup/connections?connection=${connectionId}`,
      });
    }
  }

  function buildAdapter(connection: repo.ConnectionRow) {
    if (!isIntegrationType(connection.type)) {
      return new AdapterError('invalid', `GroupTrack cannot send to connections of type ${connection.type}.`);
    }
    try {
      return adapters[connection.type](
        {
          id: connection.id,
          type: connection.type,
          settings: connection.settings,
          secrets: secretBox.open(connection.secrets),
        },
        http,
      );
    } catch (error) {
      return error instanceof AdapterError
        ? error
        : new AdapterError('auth', String((error as Error).message));
    }
  }

  /**
   * Each delivery as it is sent: the payload frozen at its first try, or built now from the people
   * as they are and frozen before any call, so a retry (or a try after a crash) sends the same.
   */
  async function freezePayloads(
    db: TeamDb,
    teamId: string,
    rows: repo.DeliveryRow[],
    links: Map<string, PipelineLink[]>,
  ): Promise<Map<string, SyncDelivery>> {
    const deliveries = new Map<string, SyncDelivery>();
    const fresh = rows.filter((row) => row.payload === null);
    if (fresh.length > 0) {
      const snapshots = await loadLeadSnapshots(
        db,
        teamId,
        fresh.map((row) => ({
          key: row.id,
          contactId: row.contactId,
          connectionId: row.connectionId,
          pipelineId: row.pipelineId,
        })),
        await deps.listMemberNames(teamId),
      );
      const frozen: { teamId: string; id: string; payload: unknown }[] = [];
      for (const row of fresh) {
        const snapshot = snapshots.get(row.id);
        if (!snapshot) continue;
        const changes = row.changes as unknown as SyncChange[];
        const link = row.pipelineId
          ? (links.get(row.pipelineId) ?? []).find((entry) => entry.connection.id === row.connectionId)
          : undefined;
        const payload: Omit<SyncDelivery, 'attempt'> = {
          id: row.id,
          lead: {
            ...snapshot.lead,
            oldEmailAddress: changes.find((change) => change.oldEmailAddress)?.oldEmailAddress ?? null,
          },
          pipeline: row.pipelineId
            ? {
                id: row.pipelineId,
                name: link?.pipelineName ?? '',
                remotePipelineID: link?.remotePipelineId ?? null,
                stage: snapshot.stage,
              }
            : null,
          changes: changes.map(({ kind, action, at, tag, note, task, stage, oldEmailAddress }) => ({
            kind,
            action,
            at,
            ...(tag && { tag }),
            ...(note && { note }),
            ...(task && { task }),
            ...(stage && { stage }),
            ...(oldEmailAddress && { oldEmailAddress }),
          })),
        };
        frozen.push({ teamId, id: row.id, payload });
        row.payload = payload;
      }
      await repo.savePayloads(db, frozen);
    }
    for (const row of rows) {
      if (row.payload)
        deliveries.set(row.id, { ...(row.payload as unknown as SyncDelivery), attempt: row.attempts });
    }
    return deliveries;
  }

  let loops: { stop(): Promise<void> } | null = null;

  /**
   * The embedded database (PGlite) lives in this one process, so a delivery it shows under way was
   * cut when the last process ended: it is tried again now rather than when its lease runs out. On
   * PostgreSQL another worker may be making that call; only the lease can tell.
   */
  async function retryCutDeliveries(log: Logger, shards: readonly Shard[]) {
    for (const shard of shards) {
      if (shard.engine.kind !== 'pglite') continue;
      const cut = await repo.releaseLeased(shard.db, 'all');
      if (cut > 0) log.info({ deliveries: cut }, 'sync deliveries cut by the last stop will be tried again');
    }
  }

  /** Runs the engine's loops on every shard of this process until stopped. */
  function start(log: Logger) {
    const shards = [...new Map(databases.shards.map((shard) => [shard.engine, shard])).values()];
    let stopped = false;
    let lastSweep = 0;
    let lastPrune = now();
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    let first = true;
    const pass = async () => {
      if (first) {
        first = false;
        await retryCutDeliveries(log, shards).catch((error: unknown) =>
          log.warn({ err: error }, 'the sync could not take back deliveries cut by the last stop'),
        );
      }
      const sweeping = now() - lastSweep >= SWEEP_EVERY_MS;
      const pruning = now() - lastPrune >= PRUNE_EVERY_MS;
      for (const shard of shards) {
        try {
          if (sweeping) await repo.releaseLeased(shard.db, 'lapsed');
          while (!stopped && (await plan(shard.db)) === OUTBOX_BATCH) {
            // A full batch: take the next one now.
          }
          while (!stopped && (await deliverDue(shard.db)) === DELIVERY_BATCH) {
            // A full batch: more are due.
          }
          if (pruning) await repo.pruneDeliveries(shard.db, LOG_DAYS);
        } catch (error) {
          log.warn({ err: error }, 'the sync could not plan or deliver');
        }
      }
      if (sweeping) lastSweep = now();
      if (pruning) lastPrune = now();
    };
    const schedule = () => {
      timer = setTimeout(() => {
        running = pass().finally(() => {
          if (!stopped) schedule();
        });
      }, TICK_MS);
    };
    schedule();
    loops = {
      async stop() {
        stopped = true;
        clearTimeout(timer);
        await running;
      },
    };
  }

  /** Stops the loops after the pass under way (the databases close next); again, it does nothing. */
  async function stop() {
    await loops?.stop();
    loops = null;
  }

  return {
    plan,
    deliverDue,
    /** Gives back the deliveries of workers that died mid-call (the sweep does it each minute). */
    releaseLapsed: (db: TeamDb) => repo.releaseLeased(db, 'lapsed'),
    start,
    stop,
  };
}

function describeFailure(error: unknown) {
  if (error instanceof AdapterError) {
    return {
      retryable: error.code === 'temporary',
      status: error.status,
      retryAfterMs: error.retryAfterMs,
      message: clip(error.message),
    };
  }
  // Not the system's answer: a bug or the database away. Tried again, as a temporary failure.
  return {
    retryable: true,
    status: null,
    retryAfterMs: null,
    message: clip(String((error as Error)?.message ?? error)),
  };
}

/** Runs `work` over the items with at most `limit` under way at once. */
async function runAtMost<T>(limit: number, items: T[], work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  });
  await Promise.all(lanes);
}
