import { findPostCommentControl, isSameMessageText, readPostComments } from '@grouptrack/capture';
import type { PostComment } from '@grouptrack/capture';
import { PLATFORM_NAMES } from '@grouptrack/domain';
import type { ReplyToCommentAnswer } from '../shared/worker-messages';
import { asClickable, typeInto } from './composer';
import { SEND_JITTER_MS, type SendDeps } from './send-message';

/** How long the comment box may take to open after Reply. */
export const REPLY_BOX_TIMEOUT_MS = 10_000;
/** How long the post may take to show the reply after it is submitted. */
export const REPLY_CONFIRM_TIMEOUT_MS = 25_000;
const POLL_MS = 250;

export type ReplyAnswer = ReplyToCommentAnswer;

export type ReplyDeps = SendDeps;

/**
 * Answers one comment of the post open on this page, at most once: a reply of the same text already
 * under the comment counts as posted; otherwise it opens the comment's reply box (the post's comment
 * box where the platform has no reply of its own), types the text once, submits after a person's pause, and
 * answers posted only once the post shows the text. A box holding the user's own draft is never
 * typed into, and nothing is submitted twice.
 */
export async function replyToComment(
  { commentId, text }: { commentId: string; text: string },
  deps: ReplyDeps,
): Promise<ReplyAnswer> {
  const wait = deps.wait ?? ((ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms)));
  const random = deps.random ?? Math.random;
  const name = PLATFORM_NAMES[deps.pack.platform];
  const read = () => readPostComments(deps.doc, deps.currentUrl(), deps.pack);
  const find = (control: 'composer' | 'submit' | 'reply' | 'expand') =>
    findPostCommentControl(deps.doc, deps.currentUrl(), deps.pack, control, { commentId });
  const isOurs = (comment: PostComment) => isSameMessageText(comment.text, text);

  const before = read();
  if (!before.isPost) return failed(`The ${name} post did not open (the page is ${deps.currentUrl()}).`);
  if (!before.comments.some((comment) => comment.commentId === commentId)) {
    return failed(`The comment is no longer on the ${name} post.`);
  }
  // Answered already: the same text replies to this comment (another person's reply may read the same).
  if (before.comments.some((comment) => comment.parentCommentId === commentId && isOurs(comment))) {
    return { outcome: 'already-posted', reason: null };
  }
  const shownBefore = new Set(before.comments.map((comment) => comment.commentId));

  asClickable(find('reply').control)?.click();
  asClickable(find('expand').control)?.click();
  let box: HTMLElement | null = null;
  for (let waited = 0; box === null; waited += POLL_MS) {
    const found = find('composer');
    box = asClickable(found.control);
    if (box !== null) break;
    if (waited >= REPLY_BOX_TIMEOUT_MS) {
      deps.reportMisses(found.misses);
      return failed(`${name} showed no comment box on the post.`);
    }
    await wait(POLL_MS);
  }
  if (!isEmptyBox(box)) {
    return failed(`The ${name} comment box holds a draft of yours: the reply was not typed over it.`);
  }
  if (!typeInto(deps.doc, box, text)) return failed(`The ${name} comment box did not take the text.`);
  await wait(SEND_JITTER_MS.min + random() * (SEND_JITTER_MS.max - SEND_JITTER_MS.min));
  const submit = find('submit');
  const button = asClickable(submit.control);
  if (button === null) {
    deps.reportMisses(submit.misses);
    return failed(`${name} showed no button to post the comment: the reply is in the box, not posted.`);
  }
  button.click();

  for (let waited = 0; waited <= REPLY_CONFIRM_TIMEOUT_MS; waited += POLL_MS) {
    // Posted: a comment with the text that was not there before (nested or not, as the site draws it).
    if (read().comments.some((comment) => !shownBefore.has(comment.commentId) && isOurs(comment))) {
      return { outcome: 'posted', reason: null };
    }
    await wait(POLL_MS);
  }
  return failed(
    `The reply was submitted but did not show on the ${name} post within ${REPLY_CONFIRM_TIMEOUT_MS / 1000} s; it is not posted again.`,
  );
}

function isEmptyBox(box: HTMLElement): boolean {
  const value = box instanceof HTMLTextAreaElement ? box.value : (box.textContent ?? '');
  return value.trim() === '';
}

function failed(reason: string): ReplyAnswer {
  return { outcome: 'failed', reason };
}
