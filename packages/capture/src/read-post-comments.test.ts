import { matchesTriggerWords, parseTriggerWords } from '@grouptrack/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SELECTOR_PACKS } from './default-packs';
import { findPostCommentControl, readPostComments, type PostComment } from './read-post-comments';
import type { SelectorPack } from './selector-pack';
import { loadFixture } from './test-fixtures';

const TEN_COMMENTS_POST = 'https://www.facebook.com/groups/demofounders/posts/700000000000002/';
const THREE_COMMENTS_POST = 'https://www.facebook.com/groups/demofounders/posts/700000000000001/';
const INSTAGRAM_POST = 'https://www.instagram.com/p/DAbCdEfGhIj/';
const FACEBOOK = DEFAULT_SELECTOR_PACKS.facebook;
const INSTAGRAM = DEFAULT_SELECTOR_PACKS.instagram;

function fb(
  commentId: string,
  parentCommentId: string | null,
  authorName: string,
  profileId: string,
  text: string,
): PostComment {
  return {
    commentId,
    parentCommentId,
    authorName,
    profileId,
    username: null,
    profileUrl: `https://www.facebook.com/profile.php?id=${profileId}`,
    text,
  };
}

/** The ten comments of post-ten-comments.en.html, in the page's order (Chloé's reply inside Ana's comment). */
const TEN_COMMENTS: PostComment[] = [
  fb('800000000000011', null, 'Ana Lima', '100000000000011', 'Info please'),
  fb('800000000000013', '800000000000011', 'Chloé Dubois', '100000000000013', 'INFO! Same question here'),
  fb(
    '800000000000012',
    null,
    'Bruno Costa',
    '100000000000012',
    'Where can I find more information about the schedule?',
  ),
  fb('800000000000014', null, 'Diego Alves', '100000000000014', "I'd love more info."),
  fb('800000000000015', null, 'Emma Rossi', '100000000000015', 'Are there infos in French too?'),
  fb('800000000000016', null, 'Farid Haddad', '100000000000016', 'Count me in for it!'),
  // Two paragraphs drawn side by side: read one per line, so "info" stays a word of its own.
  fb('800000000000017', null, 'Grace Okafor', '100000000000017', 'Signing up today\ninfo 🙏'),
  fb(
    '800000000000018',
    null,
    'Hugo Martin',
    '100000000000018',
    'Misinformation is everywhere these days.\nGreat post though!',
  ),
  fb('800000000000019', null, 'Iris Tanaka', '100000000000019', 'Infographic please!'),
  // Jonas mentions Ana: the mention is text, and the author is still Jonas.
  fb('800000000000020', null, 'Jonas Berg', '100000000000020', 'Thanks Ana Lima, following 👀'),
];

function tenComments(): Document {
  return loadFixture('facebook/post-ten-comments.en.html', TEN_COMMENTS_POST);
}

function withSelector(pack: SelectorPack, itemId: string, selector: string): SelectorPack {
  const copy = structuredClone(pack);
  const item = copy.postComments?.item.find((candidate) => candidate.id === itemId);
  if (item === undefined) throw new Error(`no item selector ${itemId}`);
  item.selector = selector;
  return copy;
}

describe('readPostComments on Facebook', () => {
  it('reads the ten comments of a group post, with their ids, authors and texts, and no miss', () => {
    expect(readPostComments(tenComments(), TEN_COMMENTS_POST, FACEBOOK)).toEqual({
      isPost: true,
      comments: TEN_COMMENTS,
      misses: [],
    });
  });

  it('reads a comment the page draws twice once', () => {
    const doc = tenComments();
    expect(doc.querySelectorAll('[aria-label^="Comment by Diego Alves"]')).toHaveLength(2);
    const { comments } = readPostComments(doc, TEN_COMMENTS_POST, FACEBOOK);
    expect(comments.filter((comment) => comment.authorName === 'Diego Alves')).toHaveLength(1);
    expect(new Set(comments.map((comment) => comment.commentId)).size).toBe(10);
    expect(new Set(comments.map((comment) => comment.profileId)).size).toBe(10);
  });

  it('never reads the viewer’s comment box, its draft, nor the post itself as a comment', () => {
    const { comments } = readPostComments(tenComments(), TEN_COMMENTS_POST, FACEBOOK);
    const texts = comments.map((comment) => comment.text).join('\n');
    expect(texts).not.toContain('Sending the info');
    expect(texts).not.toContain('Comment INFO below');
    expect(comments.map((comment) => comment.profileId)).not.toContain('100000000000998');
    expect(comments.map((comment) => comment.profileId)).not.toContain('100000000000021');
  });

  it('leaves a comment box labelled like a comment out, as some locales label it', () => {
    const doc = tenComments();
    const box = doc.querySelector('[contenteditable="true"]');
    box?.setAttribute('role', 'article');
    box?.setAttribute('aria-label', 'Comment by Dana Reyes');
    expect(readPostComments(doc, TEN_COMMENTS_POST, FACEBOOK)).toEqual({
      isPost: true,
      comments: TEN_COMMENTS,
      misses: [],
    });
  });

  it('reads a comment without the reply box opened inside it', () => {
    const doc = tenComments();
    doc
      .querySelector('[aria-label^="Comment by Ana Lima"]')
      ?.insertAdjacentHTML(
        'beforeend',
        '<div contenteditable="true" role="textbox" aria-label="Reply to Ana Lima"><div dir="auto">Here is the info</div></div>',
      );
    const { comments } = readPostComments(doc, TEN_COMMENTS_POST, FACEBOOK);
    expect(comments).toEqual(TEN_COMMENTS);
  });

  it('reads a reply with its parent, and its parent without the reply', () => {
    const { comments } = readPostComments(tenComments(), TEN_COMMENTS_POST, FACEBOOK);
    const [ana, chloe] = comments;
    expect(ana).toMatchObject({ commentId: '800000000000011', parentCommentId: null, text: 'Info please' });
    expect(chloe).toMatchObject({ commentId: '800000000000013', parentCommentId: '800000000000011' });
  });

  it('finds exactly the four commenters who asked for "info"', () => {
    const { comments } = readPostComments(tenComments(), TEN_COMMENTS_POST, FACEBOOK);
    const asked = comments.filter((comment) => matchesTriggerWords(comment.text, ['info']) !== null);
    expect(asked.map((comment) => [comment.authorName, comment.profileId, comment.commentId])).toEqual([
      ['Ana Lima', '100000000000011', '800000000000011'],
      ['Chloé Dubois', '100000000000013', '800000000000013'],
      ['Diego Alves', '100000000000014', '800000000000014'],
      ['Grace Okafor', '100000000000017', '800000000000017'],
    ]);
    // The words as the user types them in the tracker's form.
    const words = parseTriggerWords('price,\n INFO , info');
    expect(words).toEqual(['price', 'INFO']);
    expect(comments.filter((comment) => matchesTriggerWords(comment.text, words) !== null)).toEqual(asked);
  });

  it.each([
    [
      'en',
      [
        fb(
          '800000000000001',
          null,
          'Ana Lima',
          '100000000000001',
          'Thanks for the tips, the checklist helped a lot!',
        ),
        fb('800000000000002', '800000000000001', 'Bruno Costa', '100000000000002', 'Same here, saved it.'),
        fb('800000000000003', null, 'Chloé Dubois', '100000000000003', 'Is there a replay of the call?'),
      ],
    ],
    [
      'fr',
      [
        fb(
          '800000000000001',
          null,
          'Ana Lima',
          '100000000000001',
          'Merci pour les conseils, la liste m’a beaucoup aidée !',
        ),
        fb(
          '800000000000002',
          '800000000000001',
          'Bruno Costa',
          '100000000000002',
          'Pareil, je l’ai enregistrée.',
        ),
        fb(
          '800000000000003',
          null,
          'Chloé Dubois',
          '100000000000003',
          'Y a-t-il une rediffusion de l’appel ?',
        ),
      ],
    ],
  ])('reads the older post page in "%s", by its localised labels', (locale, comments) => {
    const doc = loadFixture(`facebook/post-comments.${locale}.html`, THREE_COMMENTS_POST);
    expect(readPostComments(doc, THREE_COMMENTS_POST, FACEBOOK)).toEqual({
      isPost: true,
      comments,
      misses: [],
    });
  });

  it('finds the comments through the structural fallback when the labels change, and reports it', () => {
    const pack = withSelector(FACEBOOK, 'postComments.item.labelledArticle', '[data-no-longer-there]');
    expect(readPostComments(tenComments(), TEN_COMMENTS_POST, pack)).toEqual({
      isPost: true,
      comments: TEN_COMMENTS,
      misses: [
        { platform: 'facebook', pageKind: 'comments', selectorId: 'postComments.item.labelledArticle' },
      ],
    });
  });

  it('skips a comment without an id, and reports it', () => {
    const doc = tenComments();
    doc.querySelector('a[href*="comment_id=800000000000019"]')?.remove();
    const reading = readPostComments(doc, TEN_COMMENTS_POST, FACEBOOK);
    expect(reading.comments).toEqual(TEN_COMMENTS.filter((comment) => comment.authorName !== 'Iris Tanaka'));
    expect(reading.misses).toEqual([
      { platform: 'facebook', pageKind: 'comments', selectorId: 'postComments.commentId.timestampLink' },
    ]);
  });

  it('reports a text selector only when it missed in every comment', () => {
    const doc = tenComments();
    // Grace's comment becomes a sticker alone: no text, which is normal.
    doc.querySelector('[aria-label^="Comment by Grace Okafor"] span[lang]')?.remove();
    const reading = readPostComments(doc, TEN_COMMENTS_POST, FACEBOOK);
    expect(reading.comments.find((comment) => comment.authorName === 'Grace Okafor')?.text).toBe('');
    expect(reading.misses).toEqual([]);
    // Paragraphs no longer marked anywhere: read through the fallback, and the selector that broke reported.
    for (const paragraph of doc.querySelectorAll('[role="article"] div[dir="auto"]')) {
      paragraph.removeAttribute('dir');
    }
    const fallback = readPostComments(doc, TEN_COMMENTS_POST, FACEBOOK);
    expect(fallback.comments.find((comment) => comment.authorName === 'Ana Lima')?.text).toBe('Info please');
    expect(fallback.misses).toEqual([
      { platform: 'facebook', pageKind: 'comments', selectorId: 'postComments.text.paragraphs' },
    ]);
  });

  it.each([
    ['a members page', 'https://www.facebook.com/groups/demofounders/members'],
    ['a profile', 'https://www.facebook.com/ana.lima.demo'],
    ['another site', 'https://example.com/groups/demofounders/posts/700000000000002/'],
  ])('reads nothing on %s', (_label, url) => {
    expect(readPostComments(tenComments(), url, FACEBOOK)).toEqual({
      isPost: false,
      comments: [],
      misses: [],
    });
  });
});

describe('readPostComments on Instagram', () => {
  const ID = (username: string, postedAt: string) =>
    new RegExp(`^${username.replace(/\./g, '\\.')}@${postedAt.replace(/\./g, '\\.')}#[0-9a-z]+$`);

  it('reads each comment with an id made from its author, time and text, a reply under its parent', () => {
    const reading = readPostComments(
      loadFixture('instagram/post-comments.en.html', INSTAGRAM_POST),
      INSTAGRAM_POST,
      INSTAGRAM,
    );
    const ig = (username: string, postedAt: string, text: string) => ({
      commentId: expect.stringMatching(ID(username, postedAt)) as unknown,
      parentCommentId: null,
      authorName: null,
      profileId: null,
      username,
      profileUrl: `https://www.instagram.com/${username}/`,
      text,
    });
    expect(reading).toEqual({
      isPost: true,
      comments: [
        ig('bruno.costa', '2025-11-20T09:15:00.000Z', 'info'),
        {
          ...ig('ana.bakes', '2025-11-20T09:40:00.000Z', '@bruno.costa sent you a DM with the details!'),
          parentCommentId: reading.comments[0]?.commentId,
        },
        ig('chloe.dubois', '2025-11-20T11:02:00.000Z', 'Is it gluten free? 🤔'),
        ig('diego.alves', '2025-11-21T08:30:00.000Z', 'INFO please 🙏'),
        ig('emma.rossi', '2025-11-21T19:45:00.000Z', 'So much information in one post 😍'),
        ig('farid.h', '2025-11-22T07:05:00.000Z', '@chloe.dubois we should go!'),
      ],
      misses: [],
    });
  });

  it('gives a comment the same id at each reading, and another one once its text changes', () => {
    const read = () =>
      readPostComments(
        loadFixture('instagram/post-comments.en.html', INSTAGRAM_POST),
        INSTAGRAM_POST,
        INSTAGRAM,
      );
    const ids = read().comments.map((comment) => comment.commentId);
    expect(read().comments.map((comment) => comment.commentId)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    const doc = loadFixture('instagram/post-comments.en.html', INSTAGRAM_POST);
    const text = doc.querySelector('ul ul li div > span[dir="auto"]');
    if (text !== null) text.textContent = 'info!';
    expect(readPostComments(doc, INSTAGRAM_POST, INSTAGRAM).comments[0]?.commentId).not.toBe(ids[0]);
  });

  it('finds the commenters who asked for "info", never the caption that asks for it', () => {
    const { comments } = readPostComments(
      loadFixture('instagram/post-comments.en.html', INSTAGRAM_POST),
      INSTAGRAM_POST,
      INSTAGRAM,
    );
    expect(
      comments
        .filter((comment) => matchesTriggerWords(comment.text, ['info']) !== null)
        .map((comment) => comment.username),
    ).toEqual(['bruno.costa', 'diego.alves']);
  });
});

describe('findPostCommentControl', () => {
  it('finds the comment box, its submit and the control that opens it on Facebook', () => {
    const doc = tenComments();
    expect(
      findPostCommentControl(doc, TEN_COMMENTS_POST, FACEBOOK, 'composer').control?.getAttribute(
        'aria-label',
      ),
    ).toBe('Comment as Dana Reyes');
    expect(
      findPostCommentControl(doc, TEN_COMMENTS_POST, FACEBOOK, 'submit').control?.getAttribute('aria-label'),
    ).toBe('Post comment');
    expect(
      findPostCommentControl(doc, TEN_COMMENTS_POST, FACEBOOK, 'expand').control?.getAttribute('aria-label'),
    ).toBe('Leave a comment');
  });

  it.each([
    ['800000000000011', 'Comment by Ana Lima'],
    ['800000000000013', 'Reply by Chloé Dubois'],
    ['800000000000020', 'Comment by Jonas Berg'],
  ])('finds the Reply control of comment %s in that comment', (commentId, label) => {
    const { control, misses } = findPostCommentControl(tenComments(), TEN_COMMENTS_POST, FACEBOOK, 'reply', {
      commentId,
    });
    expect(control?.textContent).toBe('Reply');
    expect(control?.closest('[role="article"]')?.getAttribute('aria-label')).toMatch(new RegExp(`^${label}`));
    expect(misses).toEqual([]);
  });

  it('finds no Reply control, and reports nothing, for a comment that is gone', () => {
    expect(
      findPostCommentControl(tenComments(), TEN_COMMENTS_POST, FACEBOOK, 'reply', { commentId: '1' }),
    ).toEqual({ control: null, misses: [] });
    expect(findPostCommentControl(tenComments(), TEN_COMMENTS_POST, FACEBOOK, 'reply')).toEqual({
      control: null,
      misses: [],
    });
  });

  it('finds the French comment box and Reply by their localised labels', () => {
    const doc = loadFixture('facebook/post-comments.fr.html', THREE_COMMENTS_POST);
    expect(
      findPostCommentControl(doc, THREE_COMMENTS_POST, FACEBOOK, 'composer').control?.getAttribute(
        'aria-label',
      ),
    ).toBe('Commenter en tant que Zoé Martin');
    expect(
      findPostCommentControl(doc, THREE_COMMENTS_POST, FACEBOOK, 'reply', { commentId: '800000000000003' })
        .control?.textContent,
    ).toBe('Répondre');
  });

  it('reports a missing submit, but not a comment box already open', () => {
    const doc = loadFixture('facebook/post-comments.en.html', THREE_COMMENTS_POST);
    expect(findPostCommentControl(doc, THREE_COMMENTS_POST, FACEBOOK, 'submit')).toEqual({
      control: null,
      misses: [{ platform: 'facebook', pageKind: 'comments', selectorId: 'postComments.submit.postComment' }],
    });
    expect(findPostCommentControl(doc, THREE_COMMENTS_POST, FACEBOOK, 'expand')).toEqual({
      control: null,
      misses: [],
    });
  });

  it('finds the comment box, Post and a comment’s Reply on Instagram', () => {
    const doc = loadFixture('instagram/post-comments.en.html', INSTAGRAM_POST);
    expect(findPostCommentControl(doc, INSTAGRAM_POST, INSTAGRAM, 'composer').control?.tagName).toBe(
      'TEXTAREA',
    );
    expect(findPostCommentControl(doc, INSTAGRAM_POST, INSTAGRAM, 'submit').control?.textContent).toBe(
      'Post',
    );
    expect(findPostCommentControl(doc, INSTAGRAM_POST, INSTAGRAM, 'expand')).toEqual({
      control: null,
      misses: [],
    });
    const [bruno] = readPostComments(doc, INSTAGRAM_POST, INSTAGRAM).comments;
    const reply = findPostCommentControl(doc, INSTAGRAM_POST, INSTAGRAM, 'reply', {
      commentId: bruno?.commentId ?? '',
    }).control;
    expect(reply?.textContent).toBe('Reply');
    expect(reply?.closest('li')?.querySelector('a[href^="/"]')?.getAttribute('href')).toBe('/bruno.costa/');
  });

  it('finds nothing on a page that is no post', () => {
    expect(
      findPostCommentControl(
        tenComments(),
        'https://www.facebook.com/groups/demofounders/members',
        FACEBOOK,
        'composer',
      ),
    ).toEqual({ control: null, misses: [] });
  });
});
