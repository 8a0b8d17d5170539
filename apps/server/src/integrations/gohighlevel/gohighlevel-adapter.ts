import { CONNECTION_TYPE_LABELS, SUPPORTED_CHANGES } from '@grouptrack/domain';
import { z } from 'zod';
import type { LeadData, RemotePipeline, SyncAdapter, SyncAdapterFactory, SyncDelivery } from '../adapter';
import { AdapterError } from '../adapter-error';
import type { HttpRequest, HttpResponse, RateLimit } from '../http-client';

/** Where HighLevel serves API v2 for every account, white-labelled or not. */
const HOST = 'https://services.leadconnectorhq.com';

/** The only Version the published specs allow; a missing header is refused. */
const API_VERSION = '2021-07-28';

// The burst limit is 100 calls per 10 s per location; staying under it leaves room for clock skew.
const LIMIT: RateLimit = { requests: 90, perMs: 10_000 };

const contactAnswer = z.object({ contact: z.object({ id: z.string() }) });
const opportunityAnswer = z.object({ opportunity: z.object({ id: z.string() }) });
const searchAnswer = z.object({
  opportunities: z.array(
    z.object({
      id: z.string(),
      contactId: z.string().nullish(),
      pipelineId: z.string().nullish(),
      pipelineStageId: z.string().nullish(),
    }),
  ),
});
const pipelinesAnswer = z.object({
  pipelines: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      // The spec leaves a stage untyped; clients read id, name and position.
      stages: z
        .array(z.object({ id: z.string(), name: z.string(), position: z.number().nullish() }))
        .nullish(),
    }),
  ),
});

/** What one contact write sends: only fields both the upsert and the update DTOs declare. */
interface ContactFields {
  firstName?: string;
  lastName?: string;
  name?: string;
  email?: string;
  phone?: string;
}

/**
 * Syncs people to a HighLevel location through API v2 with a private integration token: contacts by
 * upsert, tags by name as deltas, notes, and the stage as one opportunity per person and pipeline.
 */
export const createGoHighLevelAdapter: SyncAdapterFactory = (connection, http): SyncAdapter => {
  const brand = CONNECTION_TYPE_LABELS[connection.type];
  const locationId = connection.settings.locationId ?? '';
  const token = connection.secrets.token ?? '';
  const base = (connection.endpoint ?? HOST).replace(/\/+$/, '');
  const allowed = SUPPORTED_CHANGES[connection.type];

  /** One call to the API; throws the http client's AdapterError when it refuses. */
  const call = (request: Omit<HttpRequest, 'url' | 'headers'> & { path: string }) => {
    const { path, ...rest } = request;
    return http.request(
      {
        ...rest,
        url: `${base}${path}`,
        headers: { authorization: `Bearer ${token}`, version: API_VERSION },
      },
      { limitKey: `${connection.type}:${locationId}`, limit: LIMIT, describeError },
    );
  };

  /** Reads a success body, or throws when it is not the documented shape. */
  const read = <T>(schema: z.ZodType<T>, response: HttpResponse, what: string): T => {
    const parsed = schema.safeParse(response.body);
    if (parsed.success) return parsed.data;
    throw new AdapterError('temporary', `${brand} answered ${what} without the expected fields.`, {
      status: response.status,
    });
  };

  const fetchPipelines = async (): Promise<RemotePipeline[]> => {
    const response = await call({
      method: 'GET',
      path: `/opportunities/pipelines?${new URLSearchParams({ locationId }).toString()}`,
    });
    return read(pipelinesAnswer, response, 'the pipelines call').pipelines.map((pipeline) => ({
      id: pipeline.id,
      name: pipeline.name,
      stages: [...(pipeline.stages ?? [])]
        .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
        .map((stage) => ({ id: stage.id, name: stage.name })),
    }));
  };

  /** Updates the remembered contact, or upserts by email/phone; answers its id and whether it is the remembered one. */
  const saveContact = async (lead: LeadData): Promise<{ id: string; remembered: boolean }> => {
    const fields = contactFields(lead);
    if (lead.remoteContactID) {
      try {
        const response = await call({
          method: 'PUT',
          path: `/contacts/${encodeURIComponent(lead.remoteContactID)}`,
          json: fields,
        });
        return { id: read(contactAnswer, response, 'the contact update').contact.id, remembered: true };
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    if (!fields.email && !fields.phone) {
      throw new AdapterError(
        'invalid',
        `${brand} needs an email address or phone number to keep a person; this one has neither.`,
      );
    }
    // No tags here: tags on upsert replace all of the contact's tags (the spec says to use the tag calls).
    const response = await call({
      method: 'POST',
      path: '/contacts/upsert',
      json: { locationId, ...fields },
    });
    return { id: read(contactAnswer, response, 'the contact upsert').contact.id, remembered: false };
  };

  const changeTags = async (contactId: string, action: 'add' | 'delete', names: string[]) => {
    await call({
      method: action === 'add' ? 'POST' : 'DELETE',
      path: `/contacts/${encodeURIComponent(contactId)}/tags`,
      json: { tags: names },
    });
  };

  const addNote = async (contactId: string, text: string) => {
    await call({
      method: 'POST',
      path: `/contacts/${encodeURIComponent(contactId)}/notes`,
      json: { body: text },
    });
  };

  /**
   * Puts the person's opportunity in the pipeline into the stage, creating it when there is none.
   * Search-then-create-or-move rather than POST /opportunities/upsert, whose required fields changed
   * between published specs.
   */
  const placeInStage = async (options: {
    contactId: string;
    pipelineId: string;
    stageId: string;
    name: string;
    known: string | null;
  }): Promise<string> => {
    const { contactId, pipelineId, stageId, name, known } = options;
    const move = async (opportunityId: string) => {
      await call({
        method: 'PUT',
        path: `/opportunities/${encodeURIComponent(opportunityId)}`,
        json: { pipelineId, pipelineStageId: stageId },
      });
      return opportunityId;
    };
    if (known) {
      try {
        return await move(known);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    const query = new URLSearchParams({
      location_id: locationId,
      contact_id: contactId,
      pipeline_id: pipelineId,
    });
    const found = read(
      searchAnswer,
      await call({ method: 'GET', path: `/opportunities/search?${query.toString()}` }),
      'the opportunity search',
    ).opportunities.find(
      (item) => (item.contactId ?? contactId) === contactId && (item.pipelineId ?? pipelineId) === pipelineId,
    );
    if (found) return found.pipelineStageId === stageId ? found.id : move(found.id);
    const created = await call({
      method: 'POST',
      path: '/opportunities/',
      json: { pipelineId, locationId, name, pipelineStageId: stageId, status: 'open', contactId },
    });
    return read(opportunityAnswer, created, 'the opportunity create').opportunity.id;
  };

  return {
    async test() {
      const pipelines = await fetchPipelines();
      const names = pipelines.map((pipeline) => pipeline.name).join(', ');
      const count = `${pipelines.length} pipeline${pipelines.length === 1 ? '' : 's'}`;
      return `Connected to ${brand} location ${locationId} (${count}${names ? `: ${names}` : ''}).`;
    },

    async deliver(delivery: SyncDelivery) {
      const { lead, pipeline } = delivery;
      const contact = await saveContact(lead);
      // An opportunity remembered for a contact that is gone went with it.
      let pipelineItemID = contact.remembered ? lead.remoteContactPipelineID : null;
      let stagePlaced = false;
      const pendingTags: { action: 'add' | 'delete'; names: string[] } = { action: 'add', names: [] };
      const flushTags = async () => {
        if (pendingTags.names.length === 0) return;
        await changeTags(contact.id, pendingTags.action, pendingTags.names.splice(0));
      };

      for (const change of delivery.changes) {
        if (!allowed[change.kind].includes(change.action)) continue;
        if (change.kind === 'tag') {
          const name = change.tag?.name.trim();
          if (!name || (change.action !== 'add' && change.action !== 'delete')) continue;
          // Tag changes in a row with the same action go in one call; the order of adds and removes is kept.
          if (pendingTags.action !== change.action) await flushTags();
          pendingTags.action = change.action;
          pendingTags.names.push(name);
          continue;
        }
        await flushTags();
        switch (change.kind) {
          case 'stage': {
            const stageId = pipeline?.stage?.remoteID;
            // The delivery carries the person's stage now: one placement covers every stage change in it.
            if (stagePlaced || !stageId || !pipeline.remotePipelineID) break;
            pipelineItemID = await placeInStage({
              contactId: contact.id,
              pipelineId: pipeline.remotePipelineID,
              stageId,
              name: opportunityName(lead),
              known: pipelineItemID,
            });
            stagePlaced = true;
            break;
          }
          case 'note':
            if (change.action === 'add' && change.note?.text.trim()) {
              await addNote(contact.id, change.note.text);
            }
            break;
          case 'info':
          case 'task':
            break;
        }
      }
      await flushTags();
      return { contactID: contact.id, pipelineItemID };
    },

    listPipelines: fetchPipelines,
  };
};

/** The person's fields that HighLevel documents on both contact writes; blanks are left out so they erase nothing. */
function contactFields(lead: LeadData): ContactFields {
  const fields: ContactFields = {};
  const firstName = lead.firstName.trim();
  const lastName = lead.lastName.trim();
  if (firstName) fields.firstName = firstName;
  if (lastName) fields.lastName = lastName;
  if (!firstName && !lastName && lead.fullName.trim()) fields.name = lead.fullName.trim();
  if (lead.emailAddress?.trim()) fields.email = lead.emailAddress.trim();
  if (lead.phoneNumber?.trim()) fields.phone = lead.phoneNumber.trim();
  return fields;
}

function opportunityName(lead: LeadData): string {
  return lead.fullName.trim() || lead.emailAddress || lead.phoneNumber || lead.GTID;
}

/**
 * Whether a call failed because the record named is not there. The 404 is the documented primary
 * path; the spec gives no body for it, and some HighLevel services answer a 400 "… not found" instead.
 */
function isMissing(error: unknown): boolean {
  if (!(error instanceof AdapterError)) return false;
  return error.code === 'not-found' || (error.status === 400 && /not found/i.test(error.message));
}

/** HighLevel's own words: `message` is a string, or an array of strings on a 422. */
function describeError(response: HttpResponse): string | null {
  const body = response.body;
  if (typeof body !== 'object' || body === null) return null;
  const { message, error } = body as { message?: unknown; error?: unknown };
  if (Array.isArray(message)) {
    const parts = message.filter((part): part is string => typeof part === 'string' && part.trim() !== '');
    if (parts.length > 0) return parts.join('; ');
  }
  if (typeof message === 'string' && message.trim() !== '') return message;
  return typeof error === 'string' && error.trim() !== '' ? error : null;
}
