import { detectPageWithPack } from './detect-page';
import { queryAll, readFirst, resolveKeywords, type ExtractContext } from './extract';
import { findMarked } from './read-member-requests';
import { normalizeText } from './request-time';
import type { ConversationRule, Marker, SelectorPack } from './selector-pack';
import type { SelectorMiss } from './types';

/** One message of an open thread: the viewer's own or the other party's, with its text. */
export interface ThreadMessage {
  isMine: boolean;
  text: string;
}

/** What an open conversation shows, as the queue and its safety stops read it. */
export interface ConversationReading {
  /** The address is a conversation page the pack knows how to send on. */
  isConversation: boolean;
  /** The address is a sign-in or checkpoint page: nothing can be sent until the viewer signs in. */
  isSignedOut: boolean;
  /** The platform shows a "temporarily blocked" notice. */
  isBlocked: boolean;
  /** The platform says a message did not go out. */
  hasNotSentNotice: boolean;
  /** The thread's messages, oldest first; those without text (date lines, reactions) are left out. */
  messages: ThreadMessage[];
  /** The person the thread is with, as the address and the thread's header say. */
  otherParty: { profileId: string | null; username: string | null };
  misses: SelectorMiss[];
}

/** The controls the queue uses in a conversation. */
export type ConversationControl = 'composer' | 'send' | 'dismiss';

/** The person a message goes to, as a contact's profile on the platform holds them. */
export interface MessageRecipient {
  profileId: string | null;
  username: string | null;
  url: string | null;
}

/**
 * The address of the conversation with a person, by the pack's templates in order: a profile's own
 * conversation address when it is one already, else the first template whose id or username is
 * known (and matches its pattern); null when the pack cannot message them.
 */
export function conversationAddress(pack: SelectorPack, recipient: MessageRecipient): string | null {
  const rule = pack.conversation;
  if (rule === undefined) return null;
  if (recipient.url !== null && detectPageWithPack(recipient.url, pack)?.kind === 'conversation') {
    return recipient.url;
  }
  for (const address of rule.addresses) {
    const value = recipient[address.uses];
    if (value === null || value === '') continue;
    if (address.pattern !== undefined && !new RegExp(address.pattern, 'u').test(value)) continue;
    return address.url.replace(`{${address.uses}}`, encodeURIComponent(value));
  }
  return null;
}

/** Tells whether an address is one of the platform's sign-in or checkpoint pages. */
export function isSignedOutAddress(pack: SelectorPack, url: string): boolean {
  const rule = pack.conversation;
  if (rule === undefined) return false;
  let target: string;
  try {
    const parsed = new URL(url);
    target = `${parsed.pathname}${parsed.search}`;
  } catch {
    return false;
  }
  return rule.signedOut.some((pattern) => new RegExp(pattern, 'u').test(target));
}

/**
 * Reads an open conversation with a pack: its messages (mine or theirs, with their text), the
 * other party, and the platform's notices. A page that is no conversation reads as empty; one that
 * is the sign-in page says so.
 */
export function readConversation(doc: Document, url: string, pack: SelectorPack): ConversationReading {
  const reading: ConversationReading = {
    isConversation: false,
    isSignedOut: isSignedOutAddress(pack, url),
    isBlocked: false,
    hasNotSentNotice: false,
    messages: [],
    otherParty: { profileId: null, username: null },
    misses: [],
  };
  const rule = pack.conversation;
  const page = detectPageWithPack(url, pack);
  if (rule === undefined || page === null || page.kind !== 'conversation') return reading;
  reading.isConversation = true;
  const missed = new Set<string>();
  const onMiss = (selectorId: string) => missed.add(selectorId);
  const ctx = pageContext(doc, url, pack);
  reading.isBlocked = rule.blocked.some((marker) => findMarked(marker, ctx) !== null);
  reading.hasNotSentNotice = rule.notSent.some((marker) => findMarked(marker, ctx) !== null);
  reading.otherParty = {
    profileId: readFirst(rule.otherParty.profileId, ctx, onMiss),
    username: readFirst(rule.otherParty.username, ctx, onMiss),
  };
  reading.messages = readMessages(rule, ctx, onMiss);
  reading.misses = [...missed].map((selectorId) => ({
    platform: pack.platform,
    pageKind: 'conversation',
    selectorId,
  }));
  return reading;
}

/**
 * The control of a conversation page: its message box, its Send, or a dialog's control that must be
 * clicked before writing. Null with the selectors tried as misses when the box or Send is not there;
 * a dialog to dismiss is usually absent, so its absence is no miss.
 */
export function findConversationControl(
  doc: Document,
  url: string,
  pack: SelectorPack,
  control: ConversationControl,
): { control: Element | null; misses: SelectorMiss[] } {
  const rule = pack.conversation;
  const page = detectPageWithPack(url, pack);
  if (rule === undefined || page === null || page.kind !== 'conversation')
    return { control: null, misses: [] };
  const ctx = pageContext(doc, url, pack);
  const markers: readonly Marker[] = rule[control];
  for (const marker of markers) {
    const found = findMarked(marker, ctx);
    if (found !== null) return { control: found, misses: [] };
  }
  if (control === 'dismiss') return { control: null, misses: [] };
  return {
    control: null,
    misses: markers.map((marker) => ({
      platform: pack.platform,
      pageKind: 'conversation',
      selectorId: marker.id,
    })),
  };
}

function readMessages(
  rule: ConversationRule,
  ctx: ExtractContext,
  onMiss: (selectorId: string) => void,
): ThreadMessage[] {
  let rows: Element[] = [];
  const tried: string[] = [];
  for (const item of rule.messages) {
    rows = queryAll(ctx.doc, item.selector, ctx);
    if (rows.length > 0) break;
    tried.push(item.id);
  }
  // A new conversation has no messages: only a fallback that worked shows an earlier selector broke.
  if (rows.length > 0) tried.forEach(onMiss);
  const messages: ThreadMessage[] = [];
  const textMisses = new Set<string>();
  for (const row of rows) {
    const inRow: ExtractContext = { ...ctx, root: row };
    const text = readFirst(rule.text, inRow, (id) => textMisses.add(id));
    if (text === null || normalizeText(text) === '') continue;
    messages.push({ isMine: rule.mine.some((marker) => findMarked(marker, inRow) !== null), text });
  }
  // Rows without text are normal (a date line); a thread where no row had any means a text selector broke.
  if (messages.length === 0 && rows.length > 0) textMisses.forEach(onMiss);
  return messages;
}

function pageContext(doc: Document, url: string, pack: SelectorPack): ExtractContext {
  return { doc, root: doc, url, vars: {}, keywords: resolveKeywords(pack, doc) };
}

/** Two message texts are the same when they read the same, whatever the spacing and case. */
export function isSameMessageText(a: string, b: string): boolean {
  return normalizeText(a) === normalizeText(b);
}
