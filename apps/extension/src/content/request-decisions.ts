import { findFeedbackControl, findRequestAction, readMemberRequests } from '@grouptrack/capture';
import type { FeedbackStep, SelectorMiss, SelectorPack } from '@grouptrack/capture';
import type {
  MemberRequestOutcomeReport,
  MemberRequestPlatform,
  MemberRequestWork,
} from '@grouptrack/domain';
import type { RequestWorkAnswer } from '../shared/worker-messages';
import { typeInto } from './composer';
import type { RequestStatus } from './request-status';

/** How long the page may take to take a click in (and to show a blocked notice for it). */
const SETTLE_AFTER_CLICK_MS = 1500;
/** How long a menu or dialog may take to be drawn after the click that opens it. */
const LAYER_TIMEOUT_MS = 5000;
const LAYER_POLL_MS = 100;

export interface DecisionDeps {
  pack: SelectorPack;
  platform: MemberRequestPlatform;
  groupId: string;
  status: RequestStatus;
  askWork: () => Promise<RequestWorkAnswer | null>;
  reportOutcome: (requestId: string, outcome: MemberRequestOutcomeReport['outcome']) => Promise<unknown>;
  reportMisses: (misses: SelectorMiss[]) => void;
  /** Waits, as setTimeout does; tests and the pace share it. */
  wait?: (ms: number) => Promise<void>;
  random?: () => number;
}

/**
 * Carries out on the group's page the approvals and declines GroupTrack decided (by a rule, or by a
 * person in the review list), one at a time at a human pace: a random pause in the pipeline's range
 * before each click, never more than the day's cap (the server hands out no more), and a full stop at
 * the platform's blocked notice, which the server turns into a pause for the group and a word to the
 * team's managers. Runs once at a time; asking again while it runs only has it look for more work after.
 */
export function createDecisionRunner(deps: DecisionDeps) {
  const wait = deps.wait ?? ((ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms)));
  const random = deps.random ?? Math.random;
  let running = false;
  let again = false;
  let done = 0;

  const carryOut = async (work: MemberRequestWork): Promise<'stopped' | 'finished'> => {
    const { pacing } = work;
    for (const request of work.requests) {
      const pause = pacing.minPauseSeconds + random() * (pacing.maxPauseSeconds - pacing.minPauseSeconds);
      deps.status.say(
        'decisions',
        `Next: ${describe(request.decision)} ${request.name} in ${Math.round(pause)} s.`,
      );
      await wait(pause * 1000);
      if (isBlocked(deps)) {
        await deps.reportOutcome(request.requestId, 'blocked');
        deps.status.say('decisions', blockedText(deps.platform), 'error');
        return 'stopped';
      }
      const withFeedback =
        request.decision === 'decline' && request.feedback !== null && request.feedback !== ''
          ? await declineWithFeedback(request, request.feedback)
          : 'plain';
      if (withFeedback === 'plain') {
        const { control, misses } = findRequestAction(
          document,
          location.href,
          deps.pack,
          request,
          request.decision,
        );
        if (misses.length > 0) deps.reportMisses(misses);
        if (!control) {
          await deps.reportOutcome(request.requestId, 'not_found');
          continue;
        }
        (control as HTMLElement).click();
      }
      await wait(SETTLE_AFTER_CLICK_MS);
      if (isBlocked(deps)) {
        await deps.reportOutcome(request.requestId, 'blocked');
        deps.status.say('decisions', blockedText(deps.platform), 'error');
        return 'stopped';
      }
      await deps.reportOutcome(request.requestId, request.decision === 'approve' ? 'approved' : 'declined');
      done += 1;
      deps.status.say(
        'decisions',
        `${describeDone(request.decision)} ${request.name}: ${work.doneToday + done} of ${pacing.dailyCap} today.`,
      );
    }
    return 'finished';
  };

  /**
   * Declines through the row's menu, its "Decline with feedback" item and the dialog's text box, as
   * an admin would. 'done' once the dialog's Decline is pressed; 'plain' when a step is not on the
   * page (its selectors are reported, and an open menu or dialog closed), so the request is still
   * declined, without the feedback: the person asked for a decision, the words are a courtesy.
   */
  const declineWithFeedback = async (
    request: MemberRequestWork['requests'][number],
    feedback: string,
  ): Promise<'done' | 'plain'> => {
    const step = (name: FeedbackStep) =>
      findFeedbackControl(document, location.href, deps.pack, request, name);
    const open = step('open');
    if (open.control === null) {
      if (open.misses.length > 0) deps.reportMisses(open.misses);
      return 'plain';
    }
    (open.control as HTMLElement).click();
    for (const name of ['item', 'text', 'submit'] as const) {
      const found = await waitFor(() => step(name));
      if (found.control === null) {
        deps.reportMisses(found.misses);
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
        return 'plain';
      }
      if (name === 'text') typeInto(document, found.control as HTMLElement, feedback);
      else (found.control as HTMLElement).click();
    }
    return 'done';
  };

  /** The step's control once the page draws it, or the last attempt's misses after the timeout. */
  const waitFor = async (find: () => ReturnType<typeof findFeedbackControl>) => {
    let found = find();
    for (let waited = 0; found.control === null && waited < LAYER_TIMEOUT_MS; waited += LAYER_POLL_MS) {
      await wait(LAYER_POLL_MS);
      found = find();
    }
    return found;
  };

  const run = async (): Promise<void> => {
    const answer = await deps.askWork();
    if (!answer?.ok) {
      if (answer) deps.status.say('decisions', answer.message, 'error');
      return;
    }
    const { work } = answer;
    if (work.pausedUntil !== null && Date.parse(work.pausedUntil) > Date.now()) {
      const until = new Date(work.pausedUntil).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
      deps.status.say('decisions', `Paused until ${until}: ${blockedText(deps.platform)}`, 'error');
      return;
    }
    if (work.requests.length === 0) {
      if (work.doneToday >= work.pacing.dailyCap) {
        deps.status.say(
          'decisions',
          `Today's ${work.pacing.dailyCap} approvals and declines are done: more tomorrow.`,
        );
      }
      return;
    }
    if ((await carryOut(work)) === 'stopped') return;
    again = true;
  };

  return {
    /** Looks for decisions to carry out, now or once the current round ends. */
    start(): void {
      if (running) {
        again = true;
        return;
      }
      running = true;
      void (async () => {
        do {
          again = false;
          await run();
        } while (again);
        running = false;
      })();
    },
  };
}

function isBlocked({ pack }: DecisionDeps): boolean {
  return readMemberRequests(document, location.href, pack, { now: new Date() }).blocked;
}

function blockedText(platform: MemberRequestPlatform): string {
  return `${platform === 'facebook' ? 'Facebook' : 'Skool'} says you are temporarily blocked: GroupTrack has stopped approving and declining here.`;
}

function describe(decision: 'approve' | 'decline'): string {
  return decision === 'approve' ? 'approving' : 'declining';
}

function describeDone(decision: 'approve' | 'decline'): string {
  return decision === 'approve' ? 'Approved' : 'Declined';
}
