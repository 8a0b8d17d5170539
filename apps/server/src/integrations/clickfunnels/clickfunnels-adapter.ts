import { SUPPORTED_CHANGES } from '@grouptrack/domain';
import type { LeadData, PipelineData, RemotePipeline, RemoteTag, SyncAdapterFactory } from '../adapter';
import { AdapterError } from '../adapter-error';
import { clip, type HttpResponse, type RateLimit } from '../http-client';

// ClickFunnels calls its limits dynamic and publishes no numbers: 4 calls a second per workspace is a
// cautious guess, and a 429's Retry-After pauses the bucket (http-client) when the guess is too high.
const CLICKFUNNELS_LIMIT: RateLimit = { requests: 4, perMs: 1000 };

// Its edge turns away requests without a User-Agent (third-party reports, unconfirmed).
const USER_AGENT = 'GroupTrack';

// A cursor that never ends must not keep a delivery calling forever.
const MAX_PAGES = 200;

const NO_EMAIL = 'ClickFunnels needs an email address to keep a person; this one has none.';

/** The contact fields ClickFunnels documents that a lead's profiles fill, by our platform name. */
const PROFILE_FIELDS: Record<string, { field: string; address: (username: string) => string }> = {
  facebook: { field: 'fb_url', address: (username) => `https://www.facebook.com/${username}` },
  instagram: { field: 'instagram_url', address: (username) => `https://www.instagram.com/${username}/` },
  linkedin: { field: 'linkedin_url', address: (username) => `https://www.linkedin.com/in/${username}` },
};

interface Workspace {
  base: string;
  workspaceId: string;
  token: string;
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  json?: unknown;
}

/**
 * The ClickFunnels 2.0 adapter (API v2, one workspace): upserts the contact by email, applies and
 * removes mapped tags through applied_tags, and keeps one sales opportunity in the mapped stage.
 */
export const createClickFunnelsAdapter: SyncAdapterFactory = (connection, http) => {
  const workspace = readWorkspace(connection.settings, connection.secrets, connection.endpoint);
  const limitKey = `clickfunnels:${connection.settings.workspaceId?.trim() ?? connection.id}`;

  const ready = (): Workspace => {
    if (workspace instanceof AdapterError) throw workspace;
    return workspace;
  };

  const call = async ({ method, path, query, json }: Call): Promise<HttpResponse> => {
    const { base, token } = ready();
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
    return http.request(
      {
        method,
        url: url.toString(),
        headers: { authorization: `Bearer ${token}`, 'user-agent': USER_AGENT },
        json,
      },
      { limitKey, limit: CLICKFUNNELS_LIMIT, describeError: describeClickFunnelsError },
    );
  };

  /** Every item of a list, following the `after` cursor that Pagination-Next hands out. */
  const listAll = async <T>(path: string, query: Record<string, string> = {}): Promise<T[]> => {
    const items: T[] = [];
    let after: string | null = null;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const response = await call({ method: 'GET', path, query: after ? { ...query, after } : query });
      const batch = Array.isArray(response.body) ? (response.body as T[]) : [];
      items.push(...batch);
      const next = response.headers.get('pagination-next');
      if (!next || next === after || batch.length === 0) break;
      after = next;
    }
    return items;
  };

  const workspacePath = () => `/workspaces/${encodeURIComponent(ready().workspaceId)}`;

  const findContactIDByEmail = async (email: string): Promise<string | null> => {
    const { body } = await call({
      method: 'GET',
      path: `${workspacePath()}/contacts`,
      query: { 'filter[email_address]': email },
    });
    const first: unknown = Array.isArray(body) ? body[0] : undefined;
    return first === undefined ? null : idOf(first, 'contact');
  };

  const updateContact = async (contactID: string, lead: LeadData): Promise<string | null> => {
    try {
      const { body } = await call({
        method: 'PUT',
        path: `/contacts/${encodeURIComponent(contactID)}`,
        json: { contact: contactFields(lead) },
      });
      return idOf(body, 'contact');
    } catch (error) {
      if (error instanceof AdapterError && error.code === 'not-found') return null;
      throw error;
    }
  };

  const upsertPerson = async (lead: LeadData): Promise<string> => {
    if (lead.remoteContactID) {
      const updated = await updateContact(lead.remoteContactID, lead);
      if (updated) return updated;
    }
    if (!lead.emailAddress) throw new AdapterError('invalid', NO_EMAIL);
    // The upsert matches on the address it is given: a changed address would make a second person.
    const oldEmail = lead.oldEmailAddress?.trim();
    if (oldEmail && oldEmail.toLowerCase() !== lead.emailAddress.trim().toLowerCase()) {
      const previous = await findContactIDByEmail(oldEmail);
      const updated = previous ? await updateContact(previous, lead) : null;
      if (updated) return updated;
    }
    // No tag_ids here: ClickFunnels replaces the whole tag list with them; tags go as deltas below.
    const { body } = await call({
      method: 'POST',
      path: `${workspacePath()}/contacts/upsert`,
      json: { contact: contactFields(lead) },
    });
    return idOf(body, 'contact');
  };

  /** The contact's applied tags: tag id → applied-tag ids (what a removal deletes). */
  const listApplied = async (contactID: string): Promise<Map<number, number[]>> => {
    const rows = await listAll<{ id: number; tag_id: number }>(
      `/contacts/${encodeURIComponent(contactID)}/applied_tags`,
    );
    const applied = new Map<number, number[]>();
    for (const row of rows) applied.set(row.tag_id, [...(applied.get(row.tag_id) ?? []), row.id]);
    return applied;
  };

  const removeApplied = async (appliedID: number) => {
    try {
      await call({ method: 'DELETE', path: `/contacts/applied_tags/${appliedID}` });
    } catch (error) {
      // Already gone is what a removal wants.
      if (!(error instanceof AdapterError && error.code === 'not-found')) throw error;
    }
  };

  /** Puts the person's opportunity in the mapped stage: moves the known one, or opens one. */
  const placeInStage = async (
    contactID: string,
    lead: LeadData,
    pipeline: PipelineData,
    opportunityID: string | null,
  ): Promise<string | null> => {
    const stageID = pipeline.stage?.remoteID;
    if (!stageID) return opportunityID;
    // A stage id names its pipeline in ClickFunnels, so remotePipelineID is not sent.
    const pipelinesStageID = numericID(stageID, 'stage');
    if (opportunityID) {
      try {
        const { body } = await call({
          method: 'PUT',
          path: `/sales/opportunities/${encodeURIComponent(opportunityID)}`,
          json: { sales_opportunity: { pipelines_stage_id: pipelinesStageID } },
        });
        return idOf(body, 'opportunity');
      } catch (error) {
        if (!(error instanceof AdapterError && error.code === 'not-found')) throw error;
      }
    }
    const { body } = await call({
      method: 'POST',
      path: `${workspacePath()}/sales/opportunities`,
      json: {
        sales_opportunity: {
          name: lead.fullName.trim() || lead.emailAddress || `GroupTrack ${lead.GTID}`,
          pipelines_stage_id: pipelinesStageID,
          primary_contact_id: numericID(contactID, 'contact'),
        },
      },
    });
    return idOf(body, 'opportunity');
  };

  return {
    async test() {
      const { body } = await call({ method: 'GET', path: workspacePath() });
      const { name, subdomain } = (body ?? {}) as { name?: unknown; subdomain?: unknown };
      const label = typeof name === 'string' && name.trim() !== '' ? `“${name.trim()}”` : ready().workspaceId;
      const host =
        typeof subdomain === 'string' && subdomain !== '' ? ` (${subdomain}.myclickfunnels.com)` : '';
      return `Connected to ClickFunnels workspace ${label}${host}.`;
    },

    async deliver({ lead, pipeline, changes }) {
      const contactID = await upsertPerson(lead);
      // An opportunity belongs to its contact: after a fallback to another contact, open a new one.
      let opportunityID = contactID === lead.remoteContactID ? lead.remoteContactPipelineID : null;
      let stagePlaced = false;
      /** The contact's applied tags (tag id → applied-tag ids), read once on the first tag change. */
      let applied: Map<number, number[]> | null = null;
      const supported = SUPPORTED_CHANGES.clickfunnels;

      for (const change of changes) {
        if (!supported[change.kind].includes(change.action)) continue;
        switch (change.kind) {
          case 'tag': {
            const remoteID = change.tag?.remoteID;
            if (!remoteID) break;
            const tagID = numericID(remoteID, 'tag');
            applied ??= await listApplied(contactID);
            if (change.action === 'add') {
              // Reading first keeps a retried delivery from applying a tag twice.
              if (applied.has(tagID)) break;
              const { body } = await call({
                method: 'POST',
                path: `/contacts/${encodeURIComponent(contactID)}/applied_tags`,
                json: { contacts_applied_tag: { tag_id: tagID } },
              });
              applied.set(tagID, [Number(idOf(body, 'applied tag'))]);
            } else if (change.action === 'delete') {
              for (const appliedID of applied.get(tagID) ?? []) await removeApplied(appliedID);
              applied.delete(tagID);
            }
            break;
          }
          case 'stage':
            // Every stage change of a delivery ends in the person's stage now: one call places it.
            if (stagePlaced || !pipeline) break;
            opportunityID = await placeInStage(contactID, lead, pipeline, opportunityID);
            stagePlaced = true;
            break;
          case 'info':
          case 'note':
          case 'task':
            break;
        }
      }
      return { contactID, pipelineItemID: opportunityID };
    },

    async listPipelines(): Promise<RemotePipeline[]> {
      const pipelines = await listAll<{ id: number; name: string }>(`${workspacePath()}/sales/pipelines`);
      const result: RemotePipeline[] = [];
      for (const pipeline of pipelines) {
        const stages = await listAll<{ id: number; name: string; sort_order?: number | null }>(
          `/sales/pipelines/${encodeURIComponent(String(pipeline.id))}/stages`,
        );
        stages.sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0));
        result.push({
          id: String(pipeline.id),
          name: pipeline.name,
          stages: stages.map((stage) => ({ id: String(stage.id), name: stage.name })),
        });
      }
      return result;
    },

    async listTags(): Promise<RemoteTag[]> {
      const tags = await listAll<{ id: number; name: string }>(`${workspacePath()}/contacts/tags`);
      return tags.map((tag) => ({ id: String(tag.id), name: tag.name }));
    },
  };
};

/** The workspace a connection names, or the AdapterError its settings earn. */
function readWorkspace(
  settings: Record<string, string>,
  secrets: Record<string, string>,
  endpoint: string | undefined,
): Workspace | AdapterError {
  // People paste the whole address as often as the first part of it.
  const subdomain = (settings.subdomain ?? '')
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\.myclickfunnels\.com(\/.*)?$/, '');
  const workspaceId = (settings.workspaceId ?? '').trim();
  const token = (secrets.apiToken ?? '').trim();
  if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(subdomain)) {
    return new AdapterError('invalid', 'ClickFunnels needs the workspace subdomain, such as myteam.');
  }
  if (!/^\d+$/.test(workspaceId)) {
    return new AdapterError('invalid', 'ClickFunnels needs the numeric workspace ID.');
  }
  if (token === '') return new AdapterError('auth', 'ClickFunnels needs an API access token.');
  const origin = endpoint ? endpoint.replace(/\/+$/, '') : `https://${subdomain}.myclickfunnels.com`;
  return { base: `${origin}/api/v2`, workspaceId, token };
}

/** The contact fields ClickFunnels documents, filled from what we know (empty ones left out). */
function contactFields(lead: LeadData): Record<string, string> {
  const contact: Record<string, string> = {};
  const put = (field: string, value: string | null | undefined) => {
    const text = value?.trim();
    if (text) contact[field] = text;
  };
  put('email_address', lead.emailAddress);
  const hasParts = Boolean(lead.firstName.trim() || lead.lastName.trim());
  put('first_name', hasParts ? lead.firstName : lead.fullName);
  put('last_name', lead.lastName);
  put('phone_number', lead.phoneNumber);
  for (const [platform, value] of Object.entries(lead.usernames)) {
    const profile = PROFILE_FIELDS[platform];
    const handle = value.trim().replace(/^@/, '');
    if (!profile || handle === '') continue;
    put(profile.field, /^https?:\/\//i.test(handle) ? handle : profile.address(encodeURIComponent(handle)));
  }
  return contact;
}

/** The record id in a ClickFunnels answer. */
function idOf(body: unknown, what: string): string {
  const id = (body as { id?: unknown } | null)?.id;
  if (typeof id === 'number' || (typeof id === 'string' && id !== '')) return String(id);
  throw new AdapterError('temporary', `ClickFunnels answered without the ${what}'s id.`);
}

/** ClickFunnels takes its ids as integers in bodies; a mapping to anything else cannot be sent. */
function numericID(id: string, what: string): number {
  if (!/^\d+$/.test(id.trim())) {
    throw new AdapterError(
      'invalid',
      `The ClickFunnels ${what} id “${id}” is not a ClickFunnels id (a number).`,
    );
  }
  return Number(id.trim());
}

/** ClickFunnels' own words: `error` (a string) or `errors` (a list, or messages by field). */
function describeClickFunnelsError(response: HttpResponse): string | null {
  const body = response.body;
  if (typeof body !== 'object' || body === null) return null;
  const { error, errors } = body as { error?: unknown; errors?: unknown };
  if (typeof error === 'string' && error.trim() !== '') return clip(error.trim());
  const said = flattenErrors(errors, null).join('; ');
  return said === '' ? null : clip(said);
}

function flattenErrors(value: unknown, field: string | null): string[] {
  if (typeof value === 'string') return [field ? `${field.replace(/_/g, ' ')} ${value}` : value];
  if (Array.isArray(value)) return value.flatMap((item) => flattenErrors(item, field));
  if (typeof value === 'object' && value !== null) {
    const { message, detail } = value as { message?: unknown; detail?: unknown };
    if (typeof message === 'string') return flattenErrors(message, field);
    if (typeof detail === 'string') return flattenErrors(detail, field);
    return Object.entries(value).flatMap(([key, item]) => flattenErrors(item, key));
  }
  return [];
}
