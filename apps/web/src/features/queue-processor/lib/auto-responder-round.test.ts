import type { DueAutoResponder, ReplyToCommentResult } from '@grouptrack/domain';
import { describe, expect, it, vi } from 'vitest';
import { REPLY_GAP_MS, runAutoResponderVisit, type AutoResponderDeps } from './auto-responder-round';

const post = (jobID: string, platform: 'facebook' | 'instagram'): DueAutoResponder => ({
  jobID,
  jobName: `Job ${jobID}`,
  platform,
  permalinkURL: `https://www.${platform}.com/p/${jobID}/`,
  lastVisitedAt: null,
});
const comment = (commentId: string) => ({
  commentId,
  parentCommentId: null,
  authorName: 'Ana Lima',
  profileId: null,
  username: null,
  profileUrl: null,
  text: 'info',
});

function depsWith(overrides: Partial<AutoResponderDeps> = {}) {
  const replies = [
    { commentId: 'c1', text: 'Sent you a message, Ana!' },
    { commentId: 'c2', text: 'Sent you a message, Bo!' },
  ];
  const deps: AutoResponderDeps = {
    platform: 'facebook',
    due: vi.fn(() => Promise.resolve([post('ig', 'instagram'), post('fb', 'facebook')])),
    read: vi.fn(() =>
      Promise.resolve({
        type: 'read_post_result' as const,
        outcome: 'read' as const,
        reason: null,
        comments: [comment('c1'), comment('c2')],
      }),
    ),
    report: vi.fn(() =>
      Promise.resolve({ replies, counts: { seen: 2, matched: 2, replied: 0, messaged: 2, captured: 2 } }),
    ),
    reply: vi.fn(() =>
      Promise.resolve<ReplyToCommentResult>({
        type: 'reply_to_comment_result',
        outcome: 'posted',
        reason: null,
      }),
    ),
    reportReply: vi.fn(() => Promise.resolve()),
    sleep: vi.fn(() => Promise.resolve()),
    random: () => 0.5,
    onEvent: vi.fn(),
    ...overrides,
  };
  return deps;
}

describe('a visit of the Auto Responder', () => {
  it('reads the first due post of its platform, reports it, and posts each reply a person’s pause apart', async () => {
    const deps = depsWith();
    expect(await runAutoResponderVisit(deps)).toBe(true);
    expect(deps.read).toHaveBeenCalledWith(expect.objectContaining({ jobID: 'fb' }));
    expect(deps.report).toHaveBeenCalledWith('fb', [comment('c1'), comment('c2')]);
    expect(deps.reply).toHaveBeenCalledTimes(2);
    expect(deps.sleep).toHaveBeenCalledExactlyOnceWith((REPLY_GAP_MS.min + REPLY_GAP_MS.max) / 2);
    expect(deps.reportReply).toHaveBeenNthCalledWith(1, 'fb', 'c1', 'posted', null);
    expect(deps.onEvent).toHaveBeenLastCalledWith({
      jobName: 'Job fb',
      text: 'Read 2 comments; replied to 2.',
      isProblem: false,
    });
  });

  it('visits nothing when no post of its platform is due', async () => {
    const deps = depsWith({ due: () => Promise.resolve([post('ig', 'instagram')]) });
    expect(await runAutoResponderVisit(deps)).toBe(false);
    expect(deps.read).not.toHaveBeenCalled();
  });

  it('leaves the replies the extension did not try for the next visit, and reports a failed one as failed', async () => {
    const reply = vi
      .fn<AutoResponderDeps['reply']>()
      .mockResolvedValueOnce({
        type: 'reply_to_comment_result',
        outcome: 'failed',
        reason: 'The comment is no longer on the Facebook post.',
      })
      .mockResolvedValueOnce({
        type: 'reply_to_comment_result',
        outcome: 'not-sent',
        reason: 'Held for a moment while you work (wait a bit).',
      });
    const deps = depsWith({ reply });
    await runAutoResponderVisit(deps);
    expect(deps.reportReply).toHaveBeenCalledExactlyOnceWith(
      'fb',
      'c1',
      'failed',
      'The comment is no longer on the Facebook post.',
    );
  });

  it('reports nothing when the extension could not read the post', async () => {
    const deps = depsWith({ read: () => Promise.resolve(null) });
    expect(await runAutoResponderVisit(deps)).toBe(false);
    expect(deps.report).not.toHaveBeenCalled();
    expect(deps.onEvent).toHaveBeenCalledWith(expect.objectContaining({ isProblem: true }));
  });
});
