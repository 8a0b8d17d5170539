import {
  CONNECTION_FIELDS,
  CONNECTION_TYPE_LABELS,
  SUPPORTED_CHANGES,
  SYNC_DELIVERY_STATUSES,
  SYNC_KINDS,
  STAGE_MAPPED_TYPES,
  TAG_MAPPED_TYPES,
  createPushId,
  webAddressSchema,
  type Connection,
  type ConnectionInput,
  type ConnectionSecretAnswer,
  type ConnectionTest,
  type ConnectionUpdate,
  type ContactSyncState,
  type IntegrationType,
  type PipelineConnectionInput,
  type SyncDeliveryPage,
  type SyncDeliveryStatus,
  type SyncOptions,
  type SyncTotals,
  type TagSetConnectionInput,
} from '@grouptrack/domain';
import type { SyncAdapter, SyncAdapterFactory } from '../../integrations/adapter';
import { AdapterError } from '../../integrations/adapter-error';
import type { HttpClient } from '../../integrations/http-client';
import { createWebhookSecret } from '../../integrations/webhooks/standard-webhooks';
import type { Databases, TeamDb } from '../../platform/db/databases';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors';
import type { TeamActor } from '../../platform/http/actor';
import { requirePermission } from '../../platform/http/permission';
import { appendChange } from '../../platform/realtime';
import { decodeCursor, encodeCursor } from '../contacts/contact-presenter';
import type { ContactsService } from '../contacts/contacts.service';
import { isConnectionLink, type ConnectionLinkEntry } from './connection-links';
import * as repo from './connections.repository';
import type { SecretBox } from './secret-box';

export type ConnectionsService = ReturnType<typeof createConnectionsService>;

const NOT_FOUND = 'Connection not found.';
export const DELIVERIES_PAGE_SIZE = 50;
/** How long a rotated webhook secret still signs, so receivers can switch over. */
const ROTATION_OVERLAP_MS = 24 * 3_600_000;
/** Settings a kind may leave empty (the sheet's tab has a default). */
const OPTIONAL_SETTINGS = new Set(['sheetName']);

/**
 * Connections to outside systems (SPEC §2 /setup/connections): the owner and admins add, test,
 * pause and remove them, choose what each receives and which pipelines and tag sets use it, and
 * look after their deliveries. Secrets go in sealed and never come out.
 */
export function createConnectionsService(deps: {
  databases: Databases;
  contacts: Pick<ContactsService, 'requireVisibleContact'>;
  secretBox: SecretBox;
  adapters: Record<IntegrationType, SyncAdapterFactory>;
  http: HttpClient;
}) {
  const { databases, secretBox } = deps;

  function manage(member: TeamActor) {
    requirePermission(member, 'manage-setup', 'connections');
    return databases.forTeam(member.teamUID);
  }

  async function requireConnection(db: TeamDb, member: TeamActor, connectionId: string) {
    const row = await repo.findConnection(db, member.teamUID, connectionId);
    if (!row) throw new NotFoundError(NOT_FOUND);
    return row;
  }

  async function present(db: TeamDb, teamId: string, rows: repo.ConnectionRow[]): Promise<Connection[]> {
    const [pipelineRows, tagSetRows, countRows] = await Promise.all([
      repo.listPipelines(db, teamId),
      repo.listTagSets(db, teamId),
      repo.countDeliveries(db, teamId),
    ]);
    return rows.map((row) => {
      const totals = Object.fromEntries(SYNC_DELIVERY_STATUSES.map((status) => [status, 0])) as SyncTotals;
      for (const count of countRows)
        if (count.connection_id === row.id) totals[count.status] = Number(count.count);
      return {
        connectionUID: row.id,
        type: row.type as IntegrationType,
        name: row.name,
        status: row.status,
        emailOnly: row.emailOnly,
        receives: row.receives as SyncOptions as Connection['receives'],
        settings: row.settings,
        secretHints: row.secretHints,
        usedInPipelines: pipelineRows.flatMap((pipeline) =>
          pipeline.integrations
            .filter((entry) => isConnectionLink(entry) && entry.connectionId === row.id)
            .map((entry) => {
              const link = entry as unknown as ConnectionLinkEntry;
              return {
                pipelineId: pipeline.id,
                name: pipeline.nickName,
                syncPeriod: link.syncPeriod,
                delayBy: link.delayBy,
                remotePipelineId: link.remotePipelineId ?? null,
              };
            }),
        ),
        usedInTagSets: tagSetRows
          .filter((set) => set.connectionId === row.id)
          .map((set) => ({ tagSetId: set.id, name: set.name })),
        totals,
        failuresInRow: row.failuresInRow,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  async function presentOne(db: TeamDb, teamId: string, row: repo.ConnectionRow) {
    const [connection] = await present(db, teamId, [row]);
    return connection!;
  }

  function adapterFor(
    type: IntegrationType,
    id: string,
    settings: Record<string, string>,
    secrets: Record<string, string>,
  ): SyncAdapter {
    return deps.adapters[type]({ id, type, settings, secrets }, deps.http);
  }

  return {
    async list(member: TeamActor): Promise<Connection[]> {
      const db = manage(member);
      return present(db, member.teamUID, await repo.listConnections(db, member.teamUID));
    },

    async create(member: TeamActor, input: ConnectionInput): Promise<ConnectionSecretAnswer> {
      const db = manage(member);
      const settings = checkSettings(input.type, input.settings);
      const secrets = checkSecrets(input.type, input.secrets, {});
      const signingSecret = input.type === 'webhooks' ? createWebhookSecret() : null;
      if (signingSecret) secrets.signingSecret = signingSecret;
      const row = await repo.insertConnection(db, {
        teamId: member.teamUID,
        id: createPushId('conn_'),
        type: input.type,
        name: input.name,
        status: input.status,
        emailOnly: input.emailOnly,
        receives: checkReceives(input.type, input.receives ?? SUPPORTED_CHANGES[input.type]),
        settings,
        secrets: secretBox.seal(secrets),
        secretHints: hintsOf(input.type, secrets),
      });
      return { connection: await presentOne(db, member.teamUID, row), signingSecret };
    },

    async update(member: TeamActor, connectionId: string, patch: ConnectionUpdate): Promise<Connection> {
      const db = manage(member);
      const row = await requireConnection(db, member, connectionId);
      const type = row.type as IntegrationType;
      // A secret left empty keeps the stored one: only secrets given change anything.
      const given = Object.fromEntries(
        Object.entries(patch.secrets ?? {}).filter(([, value]) => value !== ''),
      );
      const secrets =
        Object.keys(given).length > 0 ? checkSecrets(type, given, secretBox.open(row.secrets)) : null;
      const updated = await repo.updateConnection(db, member.teamUID, connectionId, {
        ...(patch.name !== undefined && { name: patch.name }),
        ...(patch.status !== undefined && { status: patch.status }),
        ...(patch.emailOnly !== undefined && { emailOnly: patch.emailOnly }),
        ...(patch.receives !== undefined && { receives: checkReceives(type, patch.receives) }),
        ...(patch.settings !== undefined && {
          settings: checkSettings(type, { ...row.settings, ...patch.settings }),
        }),
        ...(secrets && { secrets: secretBox.seal(secrets), secretHints: hintsOf(type, secrets) }),
        // A change of credentials or address starts a fresh count of failures.
        ...((secrets || patch.settings) && { failuresInRow: 0 }),
      });
      return presentOne(db, member.teamUID, updated!);
    },

    /** Removes a connection: pipelines and tag sets stop using it, and its log goes with it. */
    async remove(member: TeamActor, connectionId: string) {
      const db = manage(member);
      await db.transaction(async (tx) => {
        await requireConnection(tx, member, connectionId);
        for (const pipeline of await repo.lockPipelines(tx, member.teamUID)) {
          const kept = pipeline.integrations.filter(
            (entry) => !(isConnectionLink(entry) && entry.connectionId === connectionId),
          );
          if (kept.length === pipeline.integrations.length) continue;
          await repo.setPipelineIntegrations(tx, member.teamUID, pipeline.id, kept);
          await appendChange(tx, member.teamUID, {
            entity: 'pipeline',
            op: 'update',
            ids: [pipeline.id],
            pipelineId: pipeline.id,
          });
        }
        await repo.deleteConnection(tx, member.teamUID, connectionId);
      });
    },

    /** A new webhook signing secret, shown once; the old one still signs for a day beside it. */
    async rotateSecret(member: TeamActor, connectionId: string): Promise<ConnectionSecretAnswer> {
      const db = manage(member);
      const row = await requireConnection(db, member, connectionId);
      if (row.type !== 'webhooks')
        throw new BadRequestError('Only a webhook has a signing secret to rotate.');
      const secrets = secretBox.open(row.secrets);
      const signingSecret = createWebhookSecret();
      const next = {
        signingSecret,
        previousSigningSecret: secrets.signingSecret ?? '',
        previousSigningSecretUntil: new Date(Date.now() + ROTATION_OVERLAP_MS).toISOString(),
      };
      const updated = await repo.updateConnection(db, member.teamUID, connectionId, {
        secrets: secretBox.seal(next),
        secretHints: hintsOf('webhooks', next),
      });
      return { connection: await presentOne(db, member.teamUID, updated!), signingSecret };
    },

    /**
     * Calls the system with a connection's credentials, stored or typed into the form (a secret
     * left empty uses the stored one), and says what it answered.
     */
    async test(
      member: TeamActor,
      input: {
        connectionUID?: string | undefined;
        type: IntegrationType;
        settings: Record<string, string>;
        secrets: Record<string, string>;
      },
    ): Promise<ConnectionTest> {
      const db = manage(member);
      const stored = input.connectionUID ? await requireConnection(db, member, input.connectionUID) : null;
      if (stored && stored.type !== input.type)
        throw new BadRequestError('Invalid type: the connection is of another type.');
      const settings = checkSettings(input.type, { ...stored?.settings, ...input.settings });
      const secrets = checkSecrets(input.type, input.secrets, stored ? secretBox.open(stored.secrets) : {});
      if (input.type === 'webhooks' && !secrets.signingSecret) secrets.signingSecret = createWebhookSecret();
      try {
        const message = await adapterFor(input.type, stored?.id ?? 'test', settings, secrets).test();
        return { ok: true, message };
      } catch (error) {
        if (error instanceof AdapterError) return { ok: false, message: error.message };
        throw error;
      }
    },

    /** Has a pipeline sync to the connection, with its period, delay and stage mapping. */
    async linkPipeline(
      member: TeamActor,
      connectionId: string,
      pipelineId: string,
      input: PipelineConnectionInput,
    ) {
      const db = manage(member);
      await db.transaction(async (tx) => {
        const connection = await requireConnection(tx, member, connectionId);
        const type = connection.type as IntegrationType;
        const pipelines = await repo.lockPipelines(tx, member.teamUID);
        const pipeline = pipelines.find((row) => row.id === pipelineId);
        if (!pipeline) throw new NotFoundError('Pipeline not found.');
        const stageMapped = STAGE_MAPPED_TYPES.includes(type);
        const mappedIds = Object.entries(input.stageRemoteIds);
        if (mappedIds.length > 0 || input.remotePipelineId) {
          if (!stageMapped) {
            throw new BadRequestError(
              `Invalid stageRemoteIds: ${CONNECTION_TYPE_LABELS[type]} does not take stages.`,
            );
          }
          const stageIds = new Set(
            (await repo.listStagesOf(tx, member.teamUID, pipelineId)).map((row) => row.id),
          );
          const unknown = mappedIds.find(([stageId]) => !stageIds.has(stageId));
          if (unknown)
            throw new BadRequestError(
              `Invalid stageRemoteIds: ${unknown[0]} is not a stage of that pipeline.`,
            );
        }
        if (stageMapped) {
          // Stages have one remote id each (SPEC §3), so one stage-mapped system per pipeline.
          const other = await otherStageMappedLink(tx, member.teamUID, pipeline.integrations, connectionId);
          if (other) {
            throw new ConflictError(
              `The pipeline "${pipeline.nickName}" already maps its stages to "${other}": remove that link first.`,
            );
          }
        }
        const entry: ConnectionLinkEntry = {
          type: 'connection',
          connectionId,
          syncPeriod: input.syncPeriod,
          delayBy: input.delayBy,
          remotePipelineId: input.remotePipelineId,
        };
        const kept = pipeline.integrations.filter(
          (item) => !(isConnectionLink(item) && item.connectionId === connectionId),
        );
        await repo.setPipelineIntegrations(tx, member.teamUID, pipelineId, [...kept, { ...entry }]);
        await repo.setStageRemoteIds(tx, member.teamUID, mappedIds);
        await appendChange(tx, member.teamUID, {
          entity: 'pipeline',
          op: 'update',
          ids: [pipelineId],
          pipelineId,
        });
      });
    },

    async unlinkPipeline(member: TeamActor, connectionId: string, pipelineId: string) {
      const db = manage(member);
      await db.transaction(async (tx) => {
        const connection = await requireConnection(tx, member, connectionId);
        const pipeline = (await repo.lockPipelines(tx, member.teamUID)).find((row) => row.id === pipelineId);
        const kept = pipeline?.integrations.filter(
          (item) => !(isConnectionLink(item) && item.connectionId === connectionId),
        );
        if (!pipeline || !kept || kept.length === pipeline.integrations.length) {
          throw new NotFoundError('This pipeline does not use that connection.');
        }
        await repo.setPipelineIntegrations(tx, member.teamUID, pipelineId, kept);
        if (STAGE_MAPPED_TYPES.includes(connection.type as IntegrationType)) {
          const stageIds = await repo.listStagesOf(tx, member.teamUID, pipelineId);
          await repo.setStageRemoteIds(
            tx,
            member.teamUID,
            stageIds.map((row) => [row.id, null]),
          );
        }
        await appendChange(tx, member.teamUID, {
          entity: 'pipeline',
          op: 'update',
          ids: [pipelineId],
          pipelineId,
        });
      });
    },

    /** Maps a tag set's tags to the system's tags (ActiveCampaign, ClickFunnels). */
    async linkTagSet(
      member: TeamActor,
      connectionId: string,
      tagSetId: string,
      input: TagSetConnectionInput,
    ) {
      const db = manage(member);
      await db.transaction(async (tx) => {
        const connection = await requireConnection(tx, member, connectionId);
        const type = connection.type as IntegrationType;
        if (!TAG_MAPPED_TYPES.includes(type)) {
          throw new BadRequestError(
            `Invalid tagRemoteIds: ${CONNECTION_TYPE_LABELS[type]} takes tags by name.`,
          );
        }
        const set = (await repo.listTagSets(tx, member.teamUID)).find((row) => row.id === tagSetId);
        if (!set) throw new NotFoundError('Tag set not found.');
        const tagIds = new Set((await repo.listTagsOf(tx, member.teamUID, tagSetId)).map((row) => row.id));
        const mapped = Object.entries(input.tagRemoteIds);
        const unknown = mapped.find(([tagId]) => !tagIds.has(tagId));
        if (unknown)
          throw new BadRequestError(`Invalid tagRemoteIds: ${unknown[0]} is not a tag of that tag set.`);
        if (set.connectionId !== connectionId) await repo.clearTagRemoteIds(tx, member.teamUID, tagSetId);
        await repo.setTagSetConnection(tx, member.teamUID, tagSetId, connectionId);
        await repo.setTagRemoteIds(tx, member.teamUID, mapped);
        await appendChange(tx, member.teamUID, {
          entity: 'tag_set',
          op: 'update',
          ids: [tagSetId],
          pipelineId: set.pipelineId,
        });
      });
    },

    async unlinkTagSet(member: TeamActor, connectionId: string, tagSetId: string) {
      const db = manage(member);
      await db.transaction(async (tx) => {
        await requireConnection(tx, member, connectionId);
        const set = (await repo.listTagSets(tx, member.teamUID)).find((row) => row.id === tagSetId);
        if (!set || set.connectionId !== connectionId)
          throw new NotFoundError('This tag set does not use that connection.');
        await repo.setTagSetConnection(tx, member.teamUID, tagSetId, null);
        await repo.clearTagRemoteIds(tx, member.teamUID, tagSetId);
        await appendChange(tx, member.teamUID, {
          entity: 'tag_set',
          op: 'update',
          ids: [tagSetId],
          pipelineId: set.pipelineId,
        });
      });
    },

    /** The system's own pipelines and stages, read through its API, to map ours to. */
    async listRemotePipelines(member: TeamActor, connectionId: string) {
      const adapter = await storedAdapter(member, connectionId);
      if (!adapter.listPipelines) throw new BadRequestError('This system does not take stages.');
      return callSystem(() => adapter.listPipelines!());
    },

    async listRemoteTags(member: TeamActor, connectionId: string) {
      const adapter = await storedAdapter(member, connectionId);
      if (!adapter.listTags)
        throw new BadRequestError('This system takes tags by name: there is nothing to map.');
      return callSystem(() => adapter.listTags!());
    },

    async listDeliveries(
      member: TeamActor,
      connectionId: string,
      options: { status?: SyncDeliveryStatus | 'dead-letter' | undefined; before?: string | undefined },
    ): Promise<SyncDeliveryPage> {
      const db = manage(member);
      await requireConnection(db, member, connectionId);
      const statuses =
        options.status === undefined
          ? null
          : options.status === 'dead-letter'
            ? ['failed' as const]
            : [options.status];
      const before = options.before === undefined ? undefined : decodeCursor(options.before);
      const rows = await repo.listDeliveries(db, member.teamUID, connectionId, {
        statuses,
        before,
        limit: DELIVERIES_PAGE_SIZE + 1,
      });
      const page = rows.slice(0, DELIVERIES_PAGE_SIZE);
      const last = page.at(-1);
      return {
        deliveries: page.map(({ delivery, contactName }) => ({
          id: delivery.id,
          contactId: delivery.contactId,
          contactName,
          changes: delivery.changes.map((change) => ({
            kind: change.kind as never,
            action: change.action as never,
            at: String(change.at),
          })),
          status: delivery.status,
          skipReason: delivery.skipReason,
          attempts: delivery.attempts,
          dueAt: delivery.dueAt.toISOString(),
          responseCode: delivery.responseCode,
          responseMessage: delivery.responseMessage,
          createdAt: delivery.createdAt.toISOString(),
          updatedAt: delivery.updatedAt.toISOString(),
        })),
        nextCursor:
          rows.length > DELIVERIES_PAGE_SIZE && last
            ? encodeCursor(last.delivery.createdAt, last.delivery.id)
            : null,
      };
    },

    /** Sends a dead-lettered delivery (or all of them) again now. */
    async retry(member: TeamActor, connectionId: string, deliveryId?: string) {
      const db = manage(member);
      await requireConnection(db, member, connectionId);
      const count = await repo.retryFailed(db, member.teamUID, connectionId, deliveryId);
      if (deliveryId && count === 0) throw new NotFoundError('No failed delivery of that id.');
      return { retried: count };
    },

    async discard(member: TeamActor, connectionId: string, deliveryId: string) {
      const db = manage(member);
      await requireConnection(db, member, connectionId);
      if ((await repo.discardFailed(db, member.teamUID, connectionId, deliveryId)) === 0) {
        throw new NotFoundError('No failed delivery of that id.');
      }
    },

    /** The contact's state with each connection, for whoever may see the contact. */
    async contactSync(member: TeamActor, contactId: string): Promise<ContactSyncState[]> {
      const db = databases.forTeam(member.teamUID);
      await deps.contacts.requireVisibleContact(db, member, contactId);
      const [rows, connections] = await Promise.all([
        repo.listContactSync(db, member.teamUID, contactId),
        repo.listConnections(db, member.teamUID),
      ]);
      const connectionOf = new Map(connections.map((row) => [row.id, row]));
      return rows.flatMap((row) => {
        const connection = connectionOf.get(row.connection_id);
        if (!connection || (row.status === null && row.remote_id === null)) return [];
        const date = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
        return [
          {
            connectionUID: connection.id,
            name: connection.name,
            type: connection.type as IntegrationType,
            remoteId: row.remote_id,
            syncedAt: date(row.synced_at),
            lastStatus: row.status,
            lastMessage: row.response_message ?? row.skip_reason,
            lastAt: date(row.updated_at),
          },
        ];
      });
    },
  };

  async function storedAdapter(member: TeamActor, connectionId: string) {
    const db = manage(member);
    const row = await requireConnection(db, member, connectionId);
    return adapterFor(row.type as IntegrationType, row.id, row.settings, secretBox.open(row.secrets));
  }

  async function otherStageMappedLink(
    tx: TeamDb,
    teamId: string,
    integrations: Record<string, unknown>[],
    connectionId: string,
  ): Promise<string | null> {
    const others = integrations.filter(
      (entry) => isConnectionLink(entry) && entry.connectionId !== connectionId,
    );
    if (others.length === 0) return null;
    const connections = await repo.listConnections(tx, teamId);
    for (const entry of others) {
      const other = connections.find(
        (row) => row.id === (entry as unknown as ConnectionLinkEntry).connectionId,
      );
      if (other && STAGE_MAPPED_TYPES.includes(other.type as IntegrationType)) return other.name;
    }
    return null;
  }
}

/** A system's refusal becomes a 400 that says what it answered. */
async function callSystem<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AdapterError) throw new BadRequestError(`The system answered: ${error.message}`);
    throw error;
  }
}

/** The kind's settings, each present (but the optional ones) and none unknown. */
function checkSettings(type: IntegrationType, given: Record<string, string>): Record<string, string> {
  const fields = CONNECTION_FIELDS[type].filter((field) => !field.secret);
  const unknown = Object.keys(given).find((key) => !fields.some((field) => field.key === key));
  if (unknown)
    throw new BadRequestError(
      `Invalid settings.${unknown}: ${CONNECTION_TYPE_LABELS[type]} has no such setting.`,
    );
  const settings: Record<string, string> = {};
  for (const field of fields) {
    const value = given[field.key]?.trim() ?? '';
    if (value === '' && !OPTIONAL_SETTINGS.has(field.key)) {
      throw new BadRequestError(`Invalid settings.${field.key}: enter the ${field.label}.`);
    }
    if ((field.key === 'url' || field.key === 'apiUrl') && !webAddressSchema.safeParse(value).success) {
      throw new BadRequestError(
        `Invalid settings.${field.key}: enter a web address that starts with http:// or https://.`,
      );
    }
    settings[field.key] = value;
  }
  return settings;
}

/** The kind's secrets: those given replace the stored ones; each must then be present. */
function checkSecrets(
  type: IntegrationType,
  given: Record<string, string>,
  stored: Record<string, string>,
): Record<string, string> {
  const fields = CONNECTION_FIELDS[type].filter((field) => field.secret);
  const unknown = Object.keys(given).find((key) => !fields.some((field) => field.key === key));
  if (unknown)
    throw new BadRequestError(
      `Invalid secrets.${unknown}: ${CONNECTION_TYPE_LABELS[type]} has no such secret.`,
    );
  const secrets = { ...stored };
  for (const field of fields) {
    const value = given[field.key]?.trim();
    if (value) secrets[field.key] = value;
    if (!secrets[field.key])
      throw new BadRequestError(`Invalid secrets.${field.key}: enter the ${field.label}.`);
  }
  return secrets;
}

/** What a connection receives, each action one its system can take. */
function checkReceives(type: IntegrationType, receives: SyncOptions): Record<string, string[]> {
  const checked: Record<string, string[]> = {};
  for (const kind of SYNC_KINDS) {
    const actions = [...new Set(receives[kind] ?? [])];
    const unsupported = actions.find((action) => !SUPPORTED_CHANGES[type][kind].includes(action));
    if (unsupported) {
      throw new BadRequestError(
        `Invalid receives.${kind}: ${CONNECTION_TYPE_LABELS[type]} cannot receive that action for a ${kind}.`,
      );
    }
    checked[kind] = actions;
  }
  return checked;
}

/** "••••" and the last four characters of each secret a form may name (never the secret itself). */
function hintsOf(type: IntegrationType, secrets: Record<string, string>): Record<string, string> {
  const keys =
    type === 'webhooks'
      ? ['signingSecret']
      : CONNECTION_FIELDS[type].filter((f) => f.secret).map((f) => f.key);
  return Object.fromEntries(
    keys.flatMap((key) => {
      const value = secrets[key];
      return value ? [[key, `••••${value.slice(-4)}`]] : [];
    }),
  );
}
