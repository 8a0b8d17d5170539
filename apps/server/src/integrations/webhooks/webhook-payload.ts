import type { SyncDelivery } from '../adapter';

/**
 * The body of one webhook (the contract of PRODUCT.md that receivers build on): the change as
 * `event` and `action`, then the person as they are. When several changes of one person waited
 * together (a sync period), `event` and `action` are the latest and `changes` lists them all.
 */
export function buildWebhookPayload(delivery: SyncDelivery) {
  const { lead, pipeline, changes } = delivery;
  const latest = changes.at(-1);
  const usernames = Object.fromEntries(
    Object.entries(lead.usernames).map(([platform, username]) => [`${platform}Username`, username]),
  );
  return {
    event: latest?.kind ?? 'info',
    action: latest?.action ?? 'update',
    deliveryId: delivery.id,
    GTID: lead.GTID,
    fullName: lead.fullName,
    firstName: lead.firstName,
    lastName: lead.lastName,
    emailAddress: lead.emailAddress,
    ...(lead.oldEmailAddress !== null && { oldEmailAddress: lead.oldEmailAddress }),
    phoneNumber: lead.phoneNumber,
    ...usernames,
    profileID: lead.profileID,
    globalTags: lead.globalTags.join(', '),
    pipeline: pipeline?.name ?? null,
    stage: pipeline?.stage?.name ?? null,
    tags: lead.tags.map(({ tagSetName, tag }) => ({ tagSetName, tag })),
    tasks: lead.tasks,
    questions: lead.questions,
    deleted: lead.deleted,
    changes: changes.map(({ kind, ...change }) => ({ event: kind, ...change })),
  };
}
