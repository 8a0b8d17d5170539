import type {
  AutoResponderCommentsAnswer,
  DueAutoResponder,
  ReadComment,
  ReadPostResult,
  ReplyToCommentResult,
} from '@grouptrack/domain';

/** How long the Auto Responder waits when no post is due, or after a visit it could not make. */
export const AUTO_RESPONDER_IDLE_MS = 60_000;
/** The pause between two replies on a post: a person's, not a script's. */
export const REPLY_GAP_MS = { min: 5_000, max: 10_000 } as const;
/** How long the extension may take to open a post and read it, or to post one reply. */
export const POST_WORK_TIMEOUT_MS = 90_000;

export interface AutoResponderDeps {
  /** The platform of this processor tab: it visits only that platform's posts. */
  platform: string;
  due: () => Promise<DueAutoResponder[]>;
  read: (job: DueAutoResponder) => Promise<ReadPostResult | null>;
  report: (jobId: string, comments: ReadComment[]) => Promise<AutoResponderCommentsAnswer>;
  reply: (
    job: DueAutoResponder,
    reply: { commentId: string; text: string },
  ) => Promise<ReplyToCommentResult | null>;
  reportReply: (
    jobId: string,
    commentId: string,
    outcome: 'posted' | 'failed',
    reason: string | null,
  ) => Promise<void>;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  onEvent: (event: AutoResponderEvent) => void;
}

/** What a visit did, for the processor page's list. */
export interface AutoResponderEvent {
  jobName: string;
  text: string;
  isProblem: boolean;
}

/**
 * One visit of the Auto Responder: the first due post of this platform is read through the extension,
 * what it shows is reported, and each reply the server answers is posted, a person's pause apart, and
 * reported. A reply the extension did not try (held or busy) stays for the next visit. Answers whether
 * a post was visited, so the caller waits before looking again when none was.
 */
export async function runAutoResponderVisit(deps: AutoResponderDeps): Promise<boolean> {
  const job = (await deps.due()).find((each) => each.platform === deps.platform);
  if (!job) return false;
  const read = await deps.read(job);
  if (read === null || read.outcome !== 'read') {
    deps.onEvent({
      jobName: job.jobName,
      text: read?.reason ?? 'The extension did not answer: the post was not read.',
      isProblem: read?.outcome !== 'not-sent',
    });
    return false;
  }
  const answer = await deps.report(job.jobID, read.comments);
  let posted = 0;
  for (const [index, reply] of answer.replies.entries()) {
    if (index > 0) await deps.sleep(REPLY_GAP_MS.min + deps.random() * (REPLY_GAP_MS.max - REPLY_GAP_MS.min));
    const result = await deps.reply(job, reply);
    if (result === null || result.outcome === 'not-sent') {
      deps.onEvent({
        jobName: job.jobName,
        text: `${result?.reason ?? 'The extension did not answer.'} The other replies wait for the next visit.`,
        isProblem: false,
      });
      break;
    }
    const isPosted = result.outcome !== 'failed';
    await deps.reportReply(job.jobID, reply.commentId, isPosted ? 'posted' : 'failed', result.reason);
    if (isPosted) posted += 1;
    else
      deps.onEvent({
        jobName: job.jobName,
        text: result.reason ?? 'The reply was not posted.',
        isProblem: true,
      });
  }
  deps.onEvent({
    jobName: job.jobName,
    text: `Read ${read.comments.length} ${read.comments.length === 1 ? 'comment' : 'comments'}; replied to ${posted}.`,
    isProblem: false,
  });
  return true;
}
