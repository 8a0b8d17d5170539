import { AUTO_RESPONDER_PLATFORMS } from '@grouptrack/domain';
import type { AutoResponderCommentsAnswer, DueAutoResponder, SocialPlatform } from '@grouptrack/domain';
import { useEffect, useState } from 'react';
import { isApiError, requestData, teamPath } from '../../../lib/api-client';
import { readPostThroughExtension, replyThroughExtension } from '../../../lib/extension-bridge';
import { abortableSleep } from './abortable-sleep';
import {
  AUTO_RESPONDER_IDLE_MS,
  POST_WORK_TIMEOUT_MS,
  runAutoResponderVisit,
  type AutoResponderDeps,
  type AutoResponderEvent,
} from './auto-responder-round';

/** How many visits the page lists. */
const EVENTS_SHOWN = 20;

/**
 * Runs the Auto Responder beside the queue while a Facebook or Instagram processor tab is open: visit
 * after visit, the due posts of that platform are read and answered through the extension
 * (auto-responder-round.ts). A team without the Pro plan, or a member the server refuses, stops it
 * quietly: the processor tab is the queue's first.
 */
export function useAutoResponder(teamUID: string, platform: SocialPlatform): AutoResponderEvent[] {
  const [events, setEvents] = useState<AutoResponderEvent[]>([]);
  const isTracked = (AUTO_RESPONDER_PLATFORMS as readonly string[]).includes(platform);

  useEffect(() => {
    if (!isTracked) return;
    const controller = new AbortController();
    const { signal } = controller;
    const sleep = (ms: number) => abortableSleep(signal, ms);
    const jobPath = (jobId: string, ...rest: string[]) =>
      teamPath(teamUID, 'auto-responders', jobId, ...rest);
    const deps: AutoResponderDeps = {
      platform,
      due: () => requestData<DueAutoResponder[]>(teamPath(teamUID, 'auto-responders', 'due'), { signal }),
      // A page being left starts nothing in the extension: its answer would have nobody to report it.
      read: (job) =>
        signal.aborted
          ? Promise.resolve(null)
          : readPostThroughExtension(
              { type: 'read_post', platform, permalinkURL: job.permalinkURL },
              POST_WORK_TIMEOUT_MS,
            ),
      report: (jobId, comments) =>
        requestData<AutoResponderCommentsAnswer>(jobPath(jobId, 'comments'), {
          method: 'POST',
          body: { comments },
        }),
      reply: (job, reply) =>
        signal.aborted
          ? Promise.resolve(null)
          : replyThroughExtension(
              { type: 'reply_to_comment', platform, permalinkURL: job.permalinkURL, ...reply },
              POST_WORK_TIMEOUT_MS,
            ),
      reportReply: async (jobId, commentId, outcome, reason) => {
        await requestData(jobPath(jobId, 'replies'), {
          method: 'POST',
          body: { commentId, outcome, ...(reason !== null && { reason }) },
        });
      },
      sleep,
      random: Math.random,
      onEvent: (event) => {
        if (!signal.aborted) setEvents((before) => [event, ...before].slice(0, EVENTS_SHOWN));
      },
    };
    void (async () => {
      while (!signal.aborted) {
        try {
          if (!(await runAutoResponderVisit(deps))) await sleep(AUTO_RESPONDER_IDLE_MS);
        } catch (error) {
          // Not on the Pro plan, or not allowed: nothing to do from this tab.
          if (isApiError(error) && [402, 403].includes(error.status)) return;
          await sleep(AUTO_RESPONDER_IDLE_MS);
        }
      }
    })();
    return () => controller.abort();
  }, [teamUID, platform, isTracked]);

  return events;
}
