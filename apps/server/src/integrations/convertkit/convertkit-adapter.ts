import { createHash } from 'node:crypto';
import { SUPPORTED_CHANGES } from '@grouptrack/domain';
import type { SyncAdapterFactory, SyncChange } from '../adapter';
import { AdapterError } from '../adapter-error';
import type { HttpRequest, HttpResponse, RateLimit } from '../http-client';

const KIT_HOST = 'https://api.kit.com';

// Kit allows 120 calls in any 60 s per v4 key. A bucket of 10 refilled over 6 s sends at most
// 10 + 100 = 110 calls in any minute, where a bucket of a whole minute could send twice its size
// across a window's edge.
const KIT_LIMIT: RateLimit = { requests: 10, perMs: 6_000 };

// Kit answers a 429 with no Retry-After and asks callers to stop for up to a minute.
const KIT_RATE_LIMIT_PAUSE_MS = 60_000;

interface KitSubscriber {
  id: number | string;
  email_address: string;
}

interface KitTag {
  id: number | string;
  name: string;
}

/**
 * Kit (ConvertKit) API v4 with a v4 API key: keeps each person as a subscriber (upserted by email)
 * and adds or removes tags by name. Kit has no pipelines and no notes.
 */
export const createConvertKitAdapter: SyncAdapterFactory = (connection, http) => {
  const base = (connection.endpoint ?? KIT_HOST).replace(/\/+$/, '');
  const apiKey = connection.secrets.apiKey ?? '';
  // The limit counts per key; a digest names the bucket without keeping the key in it.
  const limitKey = `convertkit:${createHash('sha256').update(apiKey).digest('hex').slice(0, 16)}`;
  const supported = SUPPORTED_CHANGES.convertkit;

  const call = async (
    request: Omit<HttpRequest, 'url' | 'headers'> & { path: string },
  ): Promise<HttpResponse> => {
    const { path, ...rest } = request;
    try {
      return await http.request(
        { ...rest, url: `${base}${path}`, headers: { 'X-Kit-Api-Key': apiKey } },
        { limitKey, limit: KIT_LIMIT, describeError: describeKitError },
      );
    } catch (error) {
      if (error instanceof AdapterError && error.status === 429 && error.retryAfterMs === null) {
        throw new AdapterError(error.code, error.message, {
          cause: error,
          status: error.status,
          retryAfterMs: KIT_RATE_LIMIT_PAUSE_MS,
        });
      }
      throw error;
    }
  };

  const upsertSubscriber = async (body: SubscriberBody): Promise<KitSubscriber> => {
    const response = await call({ method: 'POST', path: '/v4/subscribers', json: body });
    return readSubscriber(response);
  };

  /** Updates the subscriber Kit holds under `id`, or answers null when Kit has no such subscriber. */
  const updateSubscriber = async (id: string, body: SubscriberBody): Promise<KitSubscriber | null> => {
    try {
      const response = await call({
        method: 'PUT',
        path: `/v4/subscribers/${encodeURIComponent(id)}`,
        json: body,
      });
      return readSubscriber(response);
    } catch (error) {
      if (error instanceof AdapterError && error.code === 'not-found') return null;
      throw error;
    }
  };

  /**
   * Kit's id for a tag name: creating a tag that exists answers the existing one. The ids are kept
   * for one delivery only, so a tag deleted in Kit is found again on the next.
   */
  const findOrCreateTag = async (name: string, tagIds: Map<string, string>): Promise<string> => {
    const known = tagIds.get(name);
    if (known) return known;
    const response = await call({ method: 'POST', path: '/v4/tags', json: { name } });
    const tag = (response.body as { tag?: KitTag } | null)?.tag;
    if (!tag || tag.id === undefined) throw unexpectedAnswer(response);
    tagIds.set(name, String(tag.id));
    return String(tag.id);
  };

  const applyTagChange = async (subscriberId: string, change: SyncChange, tagIds: Map<string, string>) => {
    const name = change.tag?.name.trim();
    if (!name || !supported.tag.includes(change.action)) return;
    const tagId = await findOrCreateTag(name, tagIds);
    const path = `/v4/tags/${encodeURIComponent(tagId)}/subscribers/${encodeURIComponent(subscriberId)}`;
    if (change.action === 'add') {
      await call({ method: 'POST', path, json: {} });
      return;
    }
    try {
      await call({ method: 'DELETE', path });
    } catch (error) {
      // The person no longer carries the tag: what the removal asked for is already so.
      if (!(error instanceof AdapterError && error.code === 'not-found')) throw error;
    }
  };

  return {
    async test() {
      const response = await call({ method: 'GET', path: '/v4/account' });
      const body = response.body as {
        account?: { name?: string; primary_email_address?: string };
        user?: { email?: string };
      } | null;
      const name = body?.account?.name?.trim();
      const email = body?.account?.primary_email_address ?? body?.user?.email;
      if (!name && !email) return 'Connected to Kit.';
      return `Connected to Kit account ${name || email}${name && email ? ` (${email})` : ''}.`;
    },

    async deliver({ lead, changes }) {
      const email = lead.emailAddress?.trim();
      if (!email) {
        throw new AdapterError('invalid', 'Kit needs an email address to keep a person; this one has none.');
      }
      const body = subscriberBody(email, lead.firstName.trim() || lead.fullName.trim());
      // A subscriber deleted in Kit (404) is upserted again by email, once.
      const subscriber =
        (lead.remoteContactID ? await updateSubscriber(lead.remoteContactID, body) : null) ??
        (await upsertSubscriber(body));
      const subscriberId = String(subscriber.id);
      // Kit tags only subscribers that exist, so tags wait for the upsert above.
      const tagIds = new Map<string, string>();
      for (const change of changes) {
        if (change.kind === 'tag') await applyTagChange(subscriberId, change, tagIds);
      }
      return { contactID: subscriberId };
    },
  };
};

interface SubscriberBody {
  email_address: string;
  first_name?: string;
}

/**
 * Kit keeps only an email address and a first name natively. Last name and phone would be custom
 * fields that each account defines itself (Kit's docs disagree on whether an unknown key fails the
 * call or is ignored), so none are sent.
 */
function subscriberBody(email: string, firstName: string): SubscriberBody {
  return firstName ? { email_address: email, first_name: firstName } : { email_address: email };
}

function readSubscriber(response: HttpResponse): KitSubscriber {
  const subscriber = (response.body as { subscriber?: KitSubscriber } | null)?.subscriber;
  if (!subscriber || subscriber.id === undefined) throw unexpectedAnswer(response);
  return subscriber;
}

function unexpectedAnswer(response: HttpResponse): AdapterError {
  const message = `Kit answered ${response.status} without the record it was asked for.`;
  return new AdapterError('temporary', message, { status: response.status });
}

/** Kit's own words from its `{"errors": ["…"]}` body, or its plain-text answer (a 429's "Retry later"). */
function describeKitError(response: HttpResponse): string | null {
  const body = response.body;
  if (body && typeof body === 'object' && 'errors' in body) {
    const { errors } = body;
    const messages = (Array.isArray(errors) ? errors : [errors]).filter(
      (message): message is string => typeof message === 'string' && message.trim() !== '',
    );
    if (messages.length > 0) return messages.join('; ');
  }
  if (typeof body === 'string' && body.trim() !== '') return body.trim().slice(0, 300);
  return null;
}
