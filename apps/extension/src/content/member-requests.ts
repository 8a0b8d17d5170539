import { readMemberRequests } from '@grouptrack/capture';
import type { SelectorMiss, SelectorPack } from '@grouptrack/capture';
import { MEMBER_REQUEST_BATCH_MAX, MEMBER_REQUEST_PLATFORMS } from '@grouptrack/domain';
import type {
  MemberRequest,
  MemberRequestBatch,
  MemberRequestBatchResult,
  MemberRequestOutcomeReport,
  MemberRequestPlatform,
} from '@grouptrack/domain';
import type { CaptureRequestsAnswer, RequestWorkAnswer } from '../shared/worker-messages';
import { createDecisionRunner } from './request-decisions';
import { mountRequestStatus } from './request-status';
import type { RequestStatus } from './request-status';

/** How long a refused batch waits before the page's requests are sent again (the group may be connected meanwhile). */
const RETRY_AFTER_REFUSAL_MS = 10_000;

/** How long "Read all" waits after each scroll for the site to add rows, and how many still rounds end it. */
const SCROLL_SETTLE_MS = 1500;
const STILL_ROUNDS_TO_STOP = 3;

export interface RequestCaptureDeps {
  pack: SelectorPack;
  send: (batch: MemberRequestBatch) => Promise<CaptureRequestsAnswer | null>;
  askWork: (platform: MemberRequestPlatform, groupId: string) => Promise<RequestWorkAnswer | null>;
  reportOutcome: (requestId: string, outcome: MemberRequestOutcomeReport['outcome']) => Promise<unknown>;
  reportMisses: (misses: SelectorMiss[]) => void;
}

/**
 * Captures a group's pending member requests into GroupTrack as the page shows them: each request
 * once per page, in batches, again as the list grows. The server finds people again, so a request
 * sent twice (the page opened again) changes nothing.
 */
export function startRequestCapture({
  pack,
  send,
  askWork,
  reportOutcome,
  reportMisses,
}: RequestCaptureDeps) {
  const platform = pack.platform;
  if (!isRequestPlatform(platform)) return null;
  const status: RequestStatus = mountRequestStatus();
  // One runner per group shown: it carries out what rules and reviewers decided for that group.
  const runners = new Map<string, ReturnType<typeof createDecisionRunner>>();
  const decide = (groupId: string) => {
    let runner = runners.get(groupId);
    if (!runner) {
      runner = createDecisionRunner({
        pack,
        platform,
        groupId,
        status,
        askWork: () => askWork(platform, groupId),
        reportOutcome,
        reportMisses,
      });
      runners.set(groupId, runner);
    }
    runner.start();
  };
  const sent = new Set<string>();
  const totals = { created: 0, updated: 0, unchanged: 0, hidden: 0 };
  let sending: Promise<void> = Promise.resolve();
  let retry: number | undefined;

  const capture = () => {
    const reading = readMemberRequests(document, location.href, pack, { now: new Date() });
    if (reading.misses.length > 0) reportMisses(reading.misses);
    if (reading.blocked) {
      status.say(
        'capture',
        `${pack.platform === 'facebook' ? 'Facebook' : 'Skool'} shows a notice that you are temporarily blocked: GroupTrack reads nothing until it is gone.`,
        'error',
      );
      return;
    }
    const groupId = reading.groupId;
    if (groupId === null) return;
    const fresh = reading.requests.filter((request) => !sent.has(requestKey(request)));
    if (fresh.length === 0) {
      if (sent.size === 0)
        status.say('capture', reading.empty ? 'No pending requests.' : 'Reading requests…');
      return;
    }
    for (const request of fresh) sent.add(requestKey(request));
    const batch = { platform, groupId, groupName: reading.groupName };
    // One batch at a time, in the page's order: the answer of one tells the next how far it got.
    sending = sending.then(async () => {
      for (let start = 0; start < fresh.length; start += MEMBER_REQUEST_BATCH_MAX) {
        const requests = fresh.slice(start, start + MEMBER_REQUEST_BATCH_MAX);
        const answer = await send({ ...batch, requests });
        if (!answer?.ok) {
          // Not captured: sent again shortly, e.g. once the group is connected from the sidebar.
          for (const request of requests) sent.delete(requestKey(request));
          status.say('capture', answer?.message ?? 'The GroupTrack extension could not be reached.', 'error');
          window.clearTimeout(retry);
          retry = window.setTimeout(capture, RETRY_AFTER_REFUSAL_MS);
          return;
        }
        addCounts(totals, answer.result);
        status.say('capture', describeTotals(totals));
      }
      // The rules have decided what they could: carry it out, with what reviewers decided before.
      decide(groupId);
    });
  };

  status.offerReadAll(() => void readWholeList(capture, status));
  capture();
  return { capture };
}

/** Scrolls to the end of the list until the site adds no rows for a while, capturing as rows come. */
async function readWholeList(capture: () => void, status: RequestStatus): Promise<void> {
  status.offerReadAll(null);
  let still = 0;
  let height = document.documentElement.scrollHeight;
  while (still < STILL_ROUNDS_TO_STOP) {
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((resolve) => window.setTimeout(resolve, SCROLL_SETTLE_MS));
    capture();
    const grown = document.documentElement.scrollHeight;
    still = grown > height ? 0 : still + 1;
    height = grown;
  }
}

function requestKey(request: MemberRequest): string {
  return `${request.profileId ?? ''}|${request.username ?? ''}`;
}

function isRequestPlatform(platform: string): platform is MemberRequestPlatform {
  return (MEMBER_REQUEST_PLATFORMS as readonly string[]).includes(platform);
}

function addCounts(totals: MemberRequestBatchResult['counts'], result: MemberRequestBatchResult): void {
  totals.created += result.counts.created;
  totals.updated += result.counts.updated;
  totals.unchanged += result.counts.unchanged;
  totals.hidden += result.counts.hidden;
}

/** "GroupTrack has 5 requests: 3 new, 1 updated, 1 already there." */
export function describeTotals(totals: MemberRequestBatchResult['counts']): string {
  const all = totals.created + totals.updated + totals.unchanged + totals.hidden;
  const parts = [
    totals.created > 0 ? `${totals.created} new` : null,
    totals.updated > 0 ? `${totals.updated} updated` : null,
    totals.unchanged > 0 ? `${totals.unchanged} already there` : null,
    totals.hidden > 0 ? `${totals.hidden} in a pipeline you cannot see` : null,
  ].filter((part) => part !== null);
  return `GroupTrack has ${all} ${all === 1 ? 'request' : 'requests'}: ${parts.join(', ')}.`;
}
