import {
  createPushId,
  decideSync,
  syncChangeOfActivity,
  type IntegrationType,
  type SyncChangeKind,
} from '@grouptrack/domain';
import type { SyncChange } from '../../integrations/adapter';
import type { PipelineLink } from './connection-links';
import type { DeliveryInsert, OutboxLine } from './sync.repository';

/** What planning knows of a person: how to reach them, and the pipelines they are in now. */
export interface ContactFact {
  email_address: string | null;
  phone_number: string | null;
  pipeline_ids: string[] | null;
}

/** A tag, its set's name, and the connection its remote id belongs to. */
export interface TagFact {
  name: string;
  tag_set_name: string;
  connection_id: string | null;
  remote_id: string | null;
}

/**
 * Turns a team's history lines into deliveries under the rules of SPEC §5, as a pure function of
 * what the team looks like: each line reaches the connections of the pipeline it happened in (or,
 * for a change of the person themselves, of every pipeline they are in), each connection once. A
 * change a connection does not take is logged as skipped with the reason; the others join one
 * waiting delivery per connection, person and pipeline, first tried after the link's delayBy and
 * syncPeriod.
 */
export function planDeliveries(input: {
  teamId: string;
  lines: OutboxLine[];
  links: Map<string, PipelineLink[]>;
  contacts: Map<string, ContactFact>;
  tags: Map<string, TagFact>;
  stages: Map<string, { name: string; remote_id: string | null }>;
  at: Date;
  newId?: () => string;
}): { waiting: DeliveryInsert[]; skipped: DeliveryInsert[] } {
  const { teamId, links, contacts, tags, stages, at } = input;
  const newId = input.newId ?? (() => createPushId('sync_'));
  const waiting = new Map<string, DeliveryInsert>();
  const skipped: DeliveryInsert[] = [];
  for (const line of input.lines) {
    const kind = syncChangeOfActivity(line);
    if (!kind) continue;
    const contact = contacts.get(line.contactId);
    const pipelineIds = line.pipelineId ? [line.pipelineId] : (contact?.pipeline_ids ?? []);
    const reached = new Set<string>();
    for (const pipelineId of pipelineIds) {
      for (const link of links.get(pipelineId) ?? []) {
        const { connection } = link;
        // A connection two of the person's pipelines use hears of a change once.
        if (reached.has(connection.id)) continue;
        reached.add(connection.id);
        const tag = typeof line.data.tagUID === 'string' ? tags.get(line.data.tagUID) : undefined;
        // A tag's remote id is that of the system its tag set is mapped to, and of no other.
        const tagRemoteID = tag && tag.connection_id === connection.id ? tag.remote_id : null;
        const stageId = stringOf(line.data.to) ?? stringOf(line.data.stageUID);
        const change = describeChange(line, kind, { tag, tagRemoteID, stages });
        const decision = decideSync({
          integration: {
            type: connection.type as IntegrationType,
            isActive: true,
            isPaused: connection.status === 'paused',
            emailOnly: connection.emailOnly,
            options: connection.receives,
          },
          ...kind,
          contact: { emailAddress: contact?.email_address, phoneNumber: contact?.phone_number },
          stageRemoteID: stageId ? (stages.get(stageId)?.remote_id ?? null) : null,
          tagRemoteID,
        });
        const row = {
          teamId,
          connectionId: connection.id,
          contactId: line.contactId,
          pipelineId,
          changes: [change as unknown as Record<string, unknown>],
          attempts: 0,
        };
        if (!decision.sync) {
          skipped.push({ ...row, id: newId(), status: 'skipped', skipReason: decision.reason, dueAt: at });
          continue;
        }
        // Per pipeline too: a delivery describes the person's stage in one pipeline, with its delays.
        const key = `${connection.id}\u0000${line.contactId}\u0000${pipelineId}`;
        const queued = waiting.get(key);
        if (queued) queued.changes.push(change as unknown as Record<string, unknown>);
        else waiting.set(key, { ...row, id: newId(), status: 'pending', dueAt: dueAt(at, link) });
      }
    }
  }
  return { waiting: [...waiting.values()], skipped };
}

/** When a new delivery is first tried: held back by delayBy, and open to more changes for syncPeriod. */
function dueAt(at: Date, link: PipelineLink): Date {
  return new Date(at.getTime() + (link.delayBy + link.syncPeriod) * 60_000);
}

/** The change a history line stands for, with what each system needs to act on it. */
function describeChange(
  line: OutboxLine,
  kind: SyncChangeKind,
  facts: {
    tag: TagFact | undefined;
    tagRemoteID: string | null;
    stages: Map<string, { name: string }>;
  },
): SyncChange {
  const change: SyncChange = { ...kind, at: line.createdAt.toISOString() };
  const { data } = line;
  switch (kind.kind) {
    case 'tag':
      change.tag = {
        name: facts.tag?.name ?? stringOf(data.tag) ?? '',
        tagSetName: facts.tag?.tag_set_name ?? '',
        remoteID: facts.tagRemoteID,
      };
      break;
    case 'note': {
      const deleted = data.deletedNote as { text?: unknown } | undefined;
      change.note = { text: line.note ?? stringOf(deleted?.text) ?? '' };
      break;
    }
    case 'task':
      change.task = {
        taskName: stringOf(data.taskName) ?? '',
        dueAt: stringOf(data.dueAt),
        action: line.action,
      };
      break;
    case 'stage': {
      const from = stringOf(data.from);
      const to = stringOf(data.to) ?? stringOf(data.stageUID);
      change.stage = {
        from: from ? (facts.stages.get(from)?.name ?? null) : null,
        to: to ? (facts.stages.get(to)?.name ?? stringOf(data.stage)) : null,
      };
      break;
    }
    case 'info': {
      const old = stringOf(data.oldEmailAddress);
      if (old) change.oldEmailAddress = old;
      break;
    }
  }
  return change;
}

function stringOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
