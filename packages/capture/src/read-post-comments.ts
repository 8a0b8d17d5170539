import { hashFnv1a32 } from '@grouptrack/domain';
import { detectPageWithPack } from './detect-page';
import {
  closestMatching,
  namesKnownValues,
  queryAll,
  readFirst,
  readValues,
  resolveKeywords,
  type ExtractContext,
} from './extract';
import { findFirstMarked, profileAddress } from './read-member-requests';
import type { PostCommentsRule, SelectorPack, ValueSource } from './selector-pack';
import type { SelectorMiss } from './types';

/** One comment or reply of a post, as the Auto Responder checks it for trigger words. */
export interface PostComment {
  /** The platform's id of the comment or, where the page shows none (Instagram), one made from it. */
  commentId: string;
  /** The comment a reply answers; null for a comment on the post itself. */
  parentCommentId: string | null;
  authorName: string | null;
  profileId: string | null;
  username: string | null;
  /** The author's profile address, built by the pack from the username or the id. */
  profileUrl: string | null;
  /** What the comment says, one line per paragraph; empty for a sticker or a photo alone. */
  text: string;
}

/** What a post's page shows of its comments. */
export interface PostCommentsReading {
  /** The address is a post whose comments the pack knows how to read. */
  isPost: boolean;
  /** Each comment and reply once, in the page's order, never the viewer's comment box. */
  comments: PostComment[];
  misses: SelectorMiss[];
}

/**
 * The controls a content script uses to answer on a post: the control that opens a collapsed comment box,
 * the box, its submit, and the Reply control of one comment.
 */
export type PostCommentControl = 'expand' | 'composer' | 'submit' | 'reply';

/**
 * Reads the comments and replies of a post with a pack: each one's id (a reply's parent too), author and
 * text. A comment the page shows twice (Facebook repeats some further down) is read once; one without an id
 * is skipped and reported. A page that is no post reads as empty.
 */
export function readPostComments(doc: Document, url: string, pack: SelectorPack): PostCommentsReading {
  const read = readComments(doc, url, pack);
  if (read === null) return { isPost: false, comments: [], misses: [] };
  return { isPost: true, comments: read.comments, misses: read.misses };
}

/**
 * A control of a post's page (see `PostCommentControl`); `reply` needs the `commentId` of the comment to
 * answer. Null with the selectors tried as misses when the box, its submit or the comment's Reply is not
 * there; null without misses when the page is no post or the comment is gone, and for `expand`, as an open
 * comment box has nothing to open it.
 */
export function findPostCommentControl(
  doc: Document,
  url: string,
  pack: SelectorPack,
  control: PostCommentControl,
  { commentId }: { commentId?: string } = {},
): { control: Element | null; misses: SelectorMiss[] } {
  const rule = pack.postComments;
  const ctx = postContext(doc, url, pack);
  if (rule === undefined || ctx === null) return { control: null, misses: [] };
  if (control === 'reply') {
    const row = commentId === undefined ? undefined : readComments(doc, url, pack)?.rows.get(commentId);
    if (row === undefined) return { control: null, misses: [] };
    // The comment's own Reply comes before those of the replies drawn inside it.
    return findFirstMarked(rule.reply, { ...ctx, root: row }, pack, 'comments');
  }
  const found = findFirstMarked(rule[control], ctx, pack, 'comments');
  return control === 'expand' ? { control: found.control, misses: [] } : found;
}

/** The reading, with each comment's element (its first drawing) for the controls found inside it. */
function readComments(
  doc: Document,
  url: string,
  pack: SelectorPack,
): { comments: PostComment[]; rows: Map<string, Element>; misses: SelectorMiss[] } | null {
  const rule = pack.postComments;
  const ctx = postContext(doc, url, pack);
  if (rule === undefined || ctx === null) return null;
  const { fields } = rule;
  const missed = new Set<string>();
  const rows = findCommentRows(rule, ctx, (selectorId) => missed.add(selectorId));
  const rowSet = new Set(rows);
  const idOfRow = new Map<Element, string>();
  const kept = new Map<string, Element>();
  const comments: PostComment[] = [];
  const keptMisses: Set<string>[] = [];
  for (const row of rows) {
    const own: ExtractContext = { ...ctx, root: ownPart(row, rowSet, rule.skip, ctx) };
    const rowMisses = new Set<string>();
    const onMiss = (selectorId: string) => rowMisses.add(selectorId);
    const read = (sources: readonly ValueSource[]) => readFirst(sources, own, onMiss);
    const profileId = read(fields.profileId);
    const username = read(fields.username);
    const text = readText(fields.text, own, onMiss);
    const commentId =
      read(fields.commentId) ??
      (fields.postedAt === undefined ? null : derivedId(username, read(fields.postedAt), text));
    if (commentId === null) {
      // Without an id a comment cannot be told from another, nor answered only once: skipped, and reported.
      rowMisses.forEach((selectorId) => missed.add(selectorId));
      continue;
    }
    idOfRow.set(row, commentId);
    if (kept.has(commentId)) continue;
    kept.set(commentId, row);
    comments.push({
      commentId,
      parentCommentId: read(fields.parentCommentId) ?? enclosingId(row, idOfRow),
      authorName: read(fields.authorName),
      profileId,
      username,
      profileUrl: profileAddress(pack, profileId, username),
      text,
    });
    keptMisses.push(rowMisses);
  }
  // A comment may lack a field for good reasons (a sticker has no text, a Page no member id): a selector
  // is reported only when it missed in every comment read.
  const [first, ...others] = keptMisses;
  for (const selectorId of first ?? []) {
    if (others.every((each) => each.has(selectorId))) missed.add(selectorId);
  }
  return {
    comments,
    rows: kept,
    misses: [...missed].map((selectorId) => ({ platform: pack.platform, pageKind: 'comments', selectorId })),
  };
}

/** The context a post page's selectors are read with, or null when the address is no post. */
function postContext(doc: Document, url: string, pack: SelectorPack): ExtractContext | null {
  const page = detectPageWithPack(url, pack);
  if (page === null || page.kind !== 'comments') return null;
  return {
    doc,
    root: doc,
    url,
    vars: {
      username: page.username ?? undefined,
      profileId: page.profileId ?? undefined,
      groupId: page.groupId ?? undefined,
    },
    keywords: resolveKeywords(pack, doc),
  };
}

/**
 * Each comment's element, in the page's order, once: the items of the first selector that finds any,
 * climbed to their comment, leaving out whatever lies in a skipped part (the viewer's comment box).
 */
function findCommentRows(
  rule: PostCommentsRule,
  ctx: ExtractContext,
  onMiss: (selectorId: string) => void,
): Element[] {
  let items: Element[] = [];
  const tried: string[] = [];
  for (const item of rule.item) {
    items = queryAll(ctx.doc, item.selector, ctx);
    if (items.length > 0) break;
    tried.push(item.id);
  }
  // A post without comments is normal: only a fallback that worked shows an earlier selector broke.
  if (items.length > 0) tried.forEach(onMiss);
  const rows = new Set<Element>();
  for (const item of items) {
    const row =
      rule.container
        .map((selector) => closestMatching(item, selector, ctx))
        .find((found) => found !== null) ?? item;
    if (rule.skip.some((selector) => closestMatching(row, selector, ctx) !== null)) continue;
    rows.add(row);
  }
  // A selector tried once per localised word finds its elements word by word; parents must come first.
  return [...rows].sort((a, b) => (a.compareDocumentPosition(b) & DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
}

const DOCUMENT_POSITION_FOLLOWING = 4;

/**
 * The part of a comment that is its own: a copy without the replies drawn inside it and without the skipped
 * parts (an open reply box), so a comment never reads a reply's id, author or text. The comment's element
 * itself when there is nothing to leave out; the page is never changed.
 */
function ownPart(
  row: Element,
  rows: ReadonlySet<Element>,
  skip: readonly string[],
  ctx: ExtractContext,
): Element {
  const skipped = new Set(skip.flatMap((selector) => queryAll(row, selector, ctx)));
  const descendants = Array.from(row.querySelectorAll('*'));
  const foreign = descendants.flatMap((element, index) =>
    rows.has(element) || skipped.has(element) ? [index] : [],
  );
  if (foreign.length === 0) return row;
  const copy = row.cloneNode(true) as Element;
  // The copy's elements come in the same order as the original's.
  const copies = Array.from(copy.querySelectorAll('*'));
  for (const index of foreign) copies[index]?.remove();
  return copy;
}

/**
 * A comment's text: every value of the first source that gives any, one per line, as a comment of several
 * paragraphs has an element for each (their text run together would join the last word of one to the first
 * of the next).
 */
function readText(
  sources: readonly ValueSource[],
  ctx: ExtractContext,
  onMiss: (selectorId: string) => void,
): string {
  for (const source of sources) {
    if (!namesKnownValues(source, ctx)) continue;
    const values = [...readValues(source, ctx)];
    if (values.length > 0) return values.join('\n');
    if (source.from !== 'url' && source.optional !== true) onMiss(source.id);
  }
  return '';
}

/**
 * An id for a comment the page gives none for (Instagram shows no comment id in its markup, research §4):
 * its author, when it was posted and a hash of its text, which stay the same from one reading to the next.
 * An edited comment gets a new id.
 */
function derivedId(username: string | null, postedAt: string | null, text: string): string | null {
  if (username === null || postedAt === null) return null;
  return `${username}@${postedAt}#${hashFnv1a32(text.normalize('NFC')).toString(36)}`;
}

/** The id of the comment a reply is drawn inside, where the page nests replies in their parent. */
function enclosingId(row: Element, idOfRow: ReadonlyMap<Element, string>): string | null {
  for (let node = row.parentElement; node !== null; node = node.parentElement) {
    const id = idOfRow.get(node);
    if (id !== undefined) return id;
  }
  return null;
}
