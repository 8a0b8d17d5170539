import { describe, expect, it } from 'vitest';
import {
  autoResponderCommentsReportSchema,
  autoResponderInputSchema,
  commenterKey,
  readPostAddress,
} from './auto-responder-contracts';

/** The first refusal's path and message, or null when the input is accepted. */
function refusal(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const issue = result.success ? undefined : result.error?.issues[0];
  return issue ? { path: issue.path.join('.'), message: issue.message } : null;
}

describe('readPostAddress: the posts a job can watch', () => {
  it.each([
    [
      'a Facebook group post',
      'https://www.facebook.com/groups/runners/posts/1234567890/',
      'facebook',
      'https://www.facebook.com/groups/runners/posts/1234567890',
    ],
    [
      'a Facebook group permalink, on the mobile host, with tracking',
      'https://m.facebook.com/groups/12345/permalink/678/?ref=share#c',
      'facebook',
      'https://www.facebook.com/groups/12345/permalink/678',
    ],
    [
      'a Facebook page post',
      'https://facebook.com/AcmeBakery/posts/pfbid02abcXYZ',
      'facebook',
      'https://www.facebook.com/AcmeBakery/posts/pfbid02abcXYZ',
    ],
    [
      'a page post by its story ids, keeping only them',
      'https://www.facebook.com/permalink.php?story_fbid=111&id=222&mibextid=x',
      'facebook',
      'https://www.facebook.com/permalink.php?story_fbid=111&id=222',
    ],
    [
      'an Instagram post',
      'https://www.instagram.com/p/C1a2B3c4D5e',
      'instagram',
      'https://www.instagram.com/p/C1a2B3c4D5e/',
    ],
    [
      "an Instagram reel under its author's handle",
      'https://instagram.com/acme.bakery/reel/C9z8Y7x/?igsh=abc',
      'instagram',
      'https://www.instagram.com/acme.bakery/reel/C9z8Y7x/',
    ],
  ])('accepts %s and keeps one address for it', (_case, input, platform, url) => {
    expect(readPostAddress(input)).toEqual({ ok: true, platform, url });
  });

  it.each([
    ['plain http', 'http://www.facebook.com/groups/runners/posts/1'],
    ['a group, not a post', 'https://www.facebook.com/groups/runners'],
    ["a person's profile", 'https://www.facebook.com/jane.doe'],
    ['a Facebook video', 'https://www.facebook.com/watch/posts/1'],
    ['a story address without its page id', 'https://www.facebook.com/permalink.php?story_fbid=111'],
    ['an Instagram profile', 'https://www.instagram.com/acme.bakery/'],
    ['Instagram stories', 'https://www.instagram.com/stories/acme/123/'],
    ['another site', 'https://www.linkedin.com/posts/acme_123'],
    ['a look-alike host', 'https://facebook.com.evil.test/groups/a/posts/1'],
    ['no address at all', 'send me info'],
  ])('refuses %s, naming the accepted shapes', (_case, input) => {
    const reading = readPostAddress(input);
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.message).toMatch(
      /Facebook group post.*Facebook page post.*Instagram post or reel/,
    );
  });
});

describe('commenterKey: whom a job remembers it answered', () => {
  it.each([
    ['the profile id first', { profileId: ' 100042 ', username: 'jane', authorName: 'Jane' }, 'id:100042'],
    [
      'the username in any case, without @',
      { profileId: null, username: '@Jane.Doe', authorName: 'Jane' },
      'user:jane.doe',
    ],
    [
      'the name as shown, spaces collapsed, in any case',
      { profileId: null, username: null, authorName: '  JOSÉ   Álvarez ' },
      'name:josé álvarez',
    ],
    ['nobody when the comment names no one', { profileId: '', username: ' ', authorName: null }, null],
  ])('uses %s', (_case, comment, key) => {
    expect(commenterKey(comment)).toBe(key);
  });

  it('never takes a name for an id or a username', () => {
    expect(commenterKey({ profileId: null, username: null, authorName: 'jane' })).not.toBe(
      commenterKey({ profileId: null, username: 'jane', authorName: null }),
    );
  });
});

describe('autoResponderInputSchema: a job the server can run', () => {
  const job = (overrides: Record<string, unknown> = {}) => ({
    jobGroupId: 'arg_1',
    jobName: 'Free guide post',
    settings: { permalinkURL: 'https://www.facebook.com/groups/runners/posts/1', triggerWords: ['info'] },
    replyTemplateId: 'tpl_reply',
    ...overrides,
  });

  it('fills what is left out: no message, tags or pipeline, not archived', () => {
    expect(autoResponderInputSchema.parse(job())).toMatchObject({
      messageTemplateId: null,
      tagIds: [],
      pipelineId: null,
      stageId: null,
      archived: false,
    });
  });

  it.each([
    [
      'a job that does nothing',
      job({ replyTemplateId: null }),
      'replyTemplateId',
      /at least one thing to do/,
    ],
    [
      'a stage without its pipeline',
      job({ stageId: 'stg_1' }),
      'pipelineId',
      /pipeline the stage belongs to/,
    ],
    [
      'an address that is no post',
      job({ settings: { permalinkURL: 'https://example.com/post/1', triggerWords: ['info'] } }),
      'settings.permalinkURL',
      /Facebook group post/,
    ],
    [
      'no trigger word',
      job({ settings: { permalinkURL: 'https://www.instagram.com/p/abc/', triggerWords: [] } }),
      'settings.triggerWords',
      /at least one trigger word/,
    ],
  ])('refuses %s, naming the field', (_case, input, path, message) => {
    const found = refusal(autoResponderInputSchema.safeParse(input));
    expect(found?.path).toBe(path);
    expect(found?.message).toMatch(message);
  });
});

describe('autoResponderCommentsReportSchema: one reading of a post', () => {
  const comment = {
    commentId: 'c1',
    parentCommentId: null,
    authorName: 'Jane Doe',
    profileId: '100042',
    username: null,
    profileUrl: 'https://www.facebook.com/profile.php?id=100042',
    text: 'Info please!',
  };

  it('takes the comments as the extension reads them', () => {
    expect(autoResponderCommentsReportSchema.safeParse({ comments: [comment] }).success).toBe(true);
  });

  it('refuses more than 500 comments at once', () => {
    const comments = Array.from({ length: 501 }, (_, index) => ({ ...comment, commentId: `c${index}` }));
    expect(refusal(autoResponderCommentsReportSchema.safeParse({ comments }))?.message).toMatch(
      /at most 500/,
    );
  });
});
