import {
  newQueueItemSchema,
  queueCancelForContactSchema,
  queueCancelledSchema,
  queueItemEditSchema,
  queueItemListQuerySchema,
  queueItemMoveSchema,
  queueItemPageSchema,
  queueItemSchema,
  queueItemsBulkResultSchema,
  queueItemsBulkSchema,
  queueLeaseSchema,
  queuePauseRequestSchema,
  queuePlatformSchema,
  queueReportResultSchema,
  queueReportSchema,
  queueSettingsAnswerSchema,
  queueSettingsSchema,
  queueStatusSchema,
} from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { teamParams, teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';

const tags = ['message-queue'];
const id = z.string().min(1).max(100);
const contactParams = teamParams.extend({ GTID: id });
const itemParams = teamParams.extend({ itemID: id });
const platformParams = teamParams.extend({ platform: queuePlatformSchema });

/**
 * The message queue: messages queued for contacts, the review of those with gaps, each member's
 * queue settings per platform, and the lease and report of the extension's processor tab. Every
 * queue is the signed-in member's own.
 */
export function registerMessageQueueRoutes(app: App, { auth, teams, messageQueue }: AppContext) {
  const routes = teamRoutes(app, { auth, teams });

  routes.post({
    path: '/contacts/:GTID/queue-items',
    schema: {
      tags,
      summary:
        'Queue a message for a contact in your queue on a platform, from a template rendered for them or a text: scheduled; pending (in review) when a field the text uses is missing for them; skipped, with the reason, when they have no profile on the platform or already have a message waiting or sent today (unless allowSameDay). Any plan may queue; sending needs Pro',
      params: contactParams,
      body: newQueueItemSchema,
      response: queueItemSchema,
    },
    status: 201,
    handler: ({ member, params, body }) => messageQueue.queueForContact(member, params.GTID, body),
  });

  routes.post({
    path: '/contacts/:GTID/queue-items/cancel',
    schema: {
      tags,
      summary:
        "Cancel a contact's waiting messages on a platform, in every queue, because they replied or you wrote to them by hand (the extension reports both from the conversation)",
      params: contactParams,
      body: queueCancelForContactSchema,
      response: queueCancelledSchema,
    },
    handler: ({ member, params, body }) => messageQueue.cancelForContact(member, params.GTID, body),
  });

  routes.get({
    path: '/queue-items',
    schema: {
      tags,
      summary:
        'Your queued messages of a status, on a platform or all: waiting ones in queue order, sent ones newest first, the others newest change first; a page at a time',
      querystring: queueItemListQuerySchema,
      response: queueItemPageSchema,
    },
    handler: ({ member, query }) => messageQueue.listItems(member, query),
  });

  routes.patch({
    path: '/queue-items/:itemID',
    schema: {
      tags,
      summary: 'Edit the text of a pending or scheduled message (409 once it went to the extension)',
      params: itemParams,
      body: queueItemEditSchema,
      response: queueItemSchema,
    },
    handler: ({ member, params, body }) => messageQueue.editItem(member, params.itemID, body.text),
  });

  routes.post({
    path: '/queue-items/:itemID/move',
    schema: {
      tags,
      summary: 'Move a pending or scheduled message just before or after another message of its queue',
      params: itemParams,
      body: queueItemMoveSchema,
      response: queueItemSchema,
    },
    handler: ({ member, params, body }) => messageQueue.moveItem(member, params.itemID, body),
  });

  routes.post({
    path: '/queue-items/bulk',
    schema: {
      tags,
      summary:
        'Approve (pending, once no field is missing), reject (pending) or cancel (pending or scheduled) your messages by id, one or many; answers those changed and why the others were not',
      body: queueItemsBulkSchema,
      response: queueItemsBulkResultSchema,
    },
    handler: ({ member, body }) => messageQueue.changeItems(member, body),
  });

  routes.post({
    path: '/queue-items/:itemID/report',
    schema: {
      tags,
      summary:
        'What the extension found sending a leased message: sent, already sent (found in the conversation), failed with the reason (3 in a row pause the queue), blocked (the queue pauses an hour) or not sent (nothing typed: the message goes back to its place at once); 409 when the lease is no longer yours; the same report twice changes nothing',
      params: itemParams,
      body: queueReportSchema,
      response: queueReportResultSchema,
    },
    handler: ({ member, params, body }) => messageQueue.report(member, params.itemID, body),
  });

  routes.get({
    path: '/queue-settings/:platform',
    schema: {
      tags,
      summary:
        'Your queue settings on a platform (gaps, breaks, working hours, the daily maximum, time zone): saved, or the safe defaults in your time zone',
      params: platformParams,
      response: queueSettingsAnswerSchema,
    },
    handler: ({ member, params }) => messageQueue.getSettings(member, params.platform),
  });

  routes.put({
    path: '/queue-settings/:platform',
    schema: {
      tags,
      summary: 'Save your queue settings on a platform',
      params: platformParams,
      body: queueSettingsSchema,
      response: queueSettingsAnswerSchema,
    },
    handler: ({ member, params, body }) => messageQueue.saveSettings(member, params.platform, body),
  });

  routes.get({
    path: '/queue/:platform',
    schema: {
      tags,
      summary:
        "Where your queue on a platform stands: when the next message may go out and why not sooner, in words; today's count against the maximum; what waits; a pause and its reason",
      params: platformParams,
      response: queueStatusSchema,
    },
    handler: ({ member, params }) => messageQueue.getStatus(member, params.platform),
  });

  routes.post({
    path: '/queue/:platform/lease',
    schema: {
      tags,
      summary:
        "The processor tab's next message, leased for 2 minutes (two tabs never get the same one; one whose lease ran out comes with checkThreadFirst), or what the queue waits for. Needs the Pro plan, and the platform's Pro plan where it has one (402)",
      params: platformParams,
      response: queueLeaseSchema,
    },
    handler: ({ member, params }) => messageQueue.lease(member, params.platform),
  });

  routes.post({
    path: '/queue/:platform/pause',
    schema: {
      tags,
      summary: 'Pause your queue on a platform for some minutes, or until you resume it (null)',
      params: platformParams,
      body: queuePauseRequestSchema,
      response: queueStatusSchema,
    },
    handler: ({ member, params, body }) => messageQueue.pause(member, params.platform, body.minutes),
  });

  routes.post({
    path: '/queue/:platform/resume',
    schema: {
      tags,
      summary: 'Resume your queue on a platform: its pause and its failures in a row are cleared',
      params: platformParams,
      response: queueStatusSchema,
    },
    handler: ({ member, params }) => messageQueue.resume(member, params.platform),
  });
}
