import type { MemberRequest } from '@grouptrack/domain';
import { detectPageWithPack } from './detect-page';
import { queryAll, readFirst, readValues, resolveKeywords, type ExtractContext } from './extract';
import { findPeople } from './find-people';
import { normalizeText, parseRequestTime } from './request-time';
import type { Marker, MemberRequestsRule, PageKind, SelectorPack, TimeWords } from './selector-pack';
import type { SelectorMiss } from './types';

/** What a group's requests page shows: its pending requests, and whether the queue is empty or the viewer blocked. */
export interface MemberRequestsReading {
  /** The group in the address, or null when the address is no requests page. */
  groupId: string | null;
  groupName: string | null;
  /** Each pending request once, in the page's order, never the signed-in viewer. */
  requests: MemberRequest[];
  /** The page says nobody is waiting. */
  empty: boolean;
  /** The platform shows a "temporarily blocked" or rate-limit notice: no action should follow. */
  blocked: boolean;
  misses: SelectorMiss[];
}

// The limits of memberRequestSchema, so a long answer is cut rather than the whole batch refused.
const MAX_ANSWERS = 20;
const MAX_QUESTION = 500;
const MAX_ANSWER = 5000;
const MAX_NAME = 200;

/**
 * Reads the pending member requests of a Facebook group or Skool community page with a pack: each
 * requester's id, name, profile address, photo, answers in order, agreement to the rules and the time they
 * asked (relative times counted back from `now`). Rows shown twice are one request.
 */
export function readMemberRequests(
  doc: Document,
  url: string,
  pack: SelectorPack,
  { now }: { now: Date },
): MemberRequestsReading {
  const page = detectPageWithPack(url, pack);
  const reading: MemberRequestsReading = {
    groupId: page?.groupId ?? null,
    groupName: null,
    requests: [],
    empty: false,
    blocked: false,
    misses: [],
  };
  const rule = pack.memberRequests;
  if (page === null || page.kind !== 'member-requests' || rule === undefined) return reading;
  const missed = new Set<string>();
  const onMiss = (selectorId: string) => missed.add(selectorId);
  const ctx: ExtractContext = {
    doc,
    root: doc,
    url,
    vars: { groupId: page.groupId ?? undefined },
    keywords: resolveKeywords(pack, doc),
  };
  reading.blocked = rule.blocked.some((marker) => hasMarker(marker, ctx));
  reading.empty = rule.empty.some((marker) => hasMarker(marker, ctx));
  reading.groupName = readFirst(rule.groupName, ctx, onMiss);
  const viewerId = readFirst(rule.viewer.profileId, ctx, onMiss);
  const viewerUsername = readFirst(rule.viewer.username, ctx, onMiss);

  const rowMisses: string[] = [];
  const people = findPeople(doc, url, pack, { onMiss: (miss) => rowMisses.push(miss.selectorId) });
  // An empty queue, or one the notice hides, has no rows: finding none there is no fault of the pack.
  if (people.length > 0 || !(reading.empty || reading.blocked)) rowMisses.forEach(onMiss);

  const timeWords = timeWordsOf(rule, doc);
  const seen = new Set<string>();
  for (const person of people) {
    const { profileId, username } = person;
    const name = person.name?.slice(0, MAX_NAME).trim() ?? '';
    if (name === '') continue;
    if (
      (profileId !== null && profileId === viewerId) ||
      (username !== null && username === viewerUsername)
    ) {
      continue;
    }
    const key = `${profileId ?? ''}|${username ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const row: ExtractContext = { ...ctx, root: person.element };
    reading.requests.push({
      profileId,
      username,
      name,
      url: profileAddress(pack, profileId, username),
      photoURL: webAddress(readFirst(rule.photoURL, row, onMiss), url),
      answers: readAnswers(rule, row, onMiss),
      agreedToRules: rule.agreedToRules.no.some((marker) => hasMarker(marker, row))
        ? false
        : rule.agreedToRules.yes.some((marker) => hasMarker(marker, row))
          ? true
          : null,
      requestedAt: readRequestedAt(rule, row, timeWords, now, onMiss),
    });
  }
  reading.misses = [...missed].map((selectorId) => ({
    platform: pack.platform,
    pageKind: page.kind,
    selectorId,
  }));
  return reading;
}

/** Each question-and-answer pair of a row; a row without pairs is a request to a group that asks nothing. */
function readAnswers(
  rule: MemberRequestsRule,
  row: ExtractContext,
  onMiss: (selectorId: string) => void,
): MemberRequest['answers'] {
  let pairs: Element[] = [];
  const tried: string[] = [];
  for (const item of rule.answers.item) {
    pairs = queryAll(row.root, item.selector, row);
    if (pairs.length > 0) break;
    tried.push(item.id);
  }
  // Only a fallback that worked shows an earlier selector broke: no pairs at all is a group without questions.
  if (pairs.length > 0) tried.forEach(onMiss);
  const answers: MemberRequest['answers'] = [];
  for (const pair of pairs.slice(0, MAX_ANSWERS)) {
    const ctx: ExtractContext = { ...row, root: pair };
    const question = readFirst(rule.answers.question, ctx, onMiss);
    if (question === null) continue;
    // An unanswered question stays, with an empty answer: the rules ask whether all were answered.
    const answer = readFirst(rule.answers.answer, ctx, onMiss) ?? '';
    answers.push({ question: question.slice(0, MAX_QUESTION), answer: answer.slice(0, MAX_ANSWER) });
  }
  return answers;
}

/** The first value of the sources, in order, that reads as a date. */
function readRequestedAt(
  rule: MemberRequestsRule,
  row: ExtractContext,
  timeWords: readonly TimeWords[],
  now: Date,
  onMiss: (selectorId: string) => void,
): string | null {
  for (const source of rule.requestedAt) {
    for (const value of readValues(source, row)) {
      const date = parseRequestTime(value, timeWords, now);
      if (date !== null) return date.toISOString();
    }
    if (source.from !== 'url' && source.optional !== true) onMiss(source.id);
  }
  return null;
}

/** Tells whether a marker is on the page (or in the row): an element, saying one of its words if it names some. */
export function hasMarker(marker: Marker, ctx: ExtractContext): boolean {
  return findMarked(marker, ctx) !== null;
}

/** The first element a marker finds on the page (or in the row), or null. */
export function findMarked(marker: Marker, ctx: ExtractContext): Element | null {
  const words = marker.text === undefined ? null : (ctx.keywords[marker.text] ?? []).map(normalizeText);
  return (
    queryAll(ctx.root, marker.selector, ctx).find((element) => {
      if (words === null) return true;
      const text = normalizeText(element.textContent ?? '');
      return words.some((word) => text.includes(word));
    }) ?? null
  );
}

type RequestPerson = { profileId: string | null; username: string | null };

/**
 * The control that approves or declines one person's request on a requests page, found in that
 * person's row by the pack's actions; null (with the selectors tried as misses) when the row or the
 * control is not there, e.g. the request was handled elsewhere meanwhile.
 */
export function findRequestAction(
  doc: Document,
  url: string,
  pack: SelectorPack,
  person: RequestPerson,
  decision: 'approve' | 'decline',
): { control: Element | null; misses: SelectorMiss[] } {
  const found = findRequestRow(doc, url, pack, person);
  const markers = pack.memberRequests?.actions?.[decision];
  if (found === null || markers === undefined) return { control: null, misses: [] };
  return findFirstMarked(markers, found.row, pack);
}

/** The steps of declining with feedback, in the order they are taken. */
export type FeedbackStep = 'open' | 'item' | 'text' | 'submit';

/**
 * The control of one step of declining a person's request with feedback: the row's menu button
 * (`open`), the menu's item (`item`, anywhere on the page, as menus are drawn in a layer of their
 * own), then the dialog's text box and its Decline. Null without misses when the pack has no such
 * flow or the person's row is gone; null with misses when a step's selectors found nothing.
 */
export function findFeedbackControl(
  doc: Document,
  url: string,
  pack: SelectorPack,
  person: RequestPerson,
  step: FeedbackStep,
): { control: Element | null; misses: SelectorMiss[] } {
  const flow = pack.memberRequests?.actions?.declineWithFeedback;
  const found = findRequestRow(doc, url, pack, person);
  if (flow === undefined || found === null) return { control: null, misses: [] };
  if (step === 'open') return findFirstMarked(flow.open, found.row, pack);
  const page: ExtractContext = { ...found.row, root: doc };
  if (step === 'item') return findFirstMarked(flow.item, page, pack);
  const dialog = findFirstMarked(flow.dialog, page, pack);
  if (dialog.control === null) return dialog;
  return findFirstMarked(flow[step], { ...page, root: dialog.control }, pack);
}

/** The row of a person's request on a requests page, with what the pack's markers are read with inside it. */
function findRequestRow(
  doc: Document,
  url: string,
  pack: SelectorPack,
  person: RequestPerson,
): { row: ExtractContext } | null {
  const page = detectPageWithPack(url, pack);
  if (page === null || page.kind !== 'member-requests') return null;
  const found = findPeople(doc, url, pack).find(
    (each) =>
      (person.profileId !== null && each.profileId === person.profileId) ||
      (person.username !== null && each.username?.toLowerCase() === person.username.toLowerCase()),
  );
  if (found === undefined) return null;
  return {
    row: {
      doc,
      root: found.element,
      url,
      vars: { groupId: page.groupId ?? undefined },
      keywords: resolveKeywords(pack, doc),
    },
  };
}

/** The first element the markers find, in order; each marker tried is a miss when none finds one. */
export function findFirstMarked(
  markers: readonly Marker[],
  ctx: ExtractContext,
  pack: SelectorPack,
  pageKind: PageKind = 'member-requests',
): { control: Element | null; misses: SelectorMiss[] } {
  for (const marker of markers) {
    const control = findMarked(marker, ctx);
    if (control !== null) return { control, misses: [] };
  }
  return {
    control: null,
    misses: markers.map((marker) => ({
      platform: pack.platform,
      pageKind,
      selectorId: marker.id,
    })),
  };
}

/** The page language's time words, then English's. */
function timeWordsOf(rule: MemberRequestsRule, doc: Document): TimeWords[] {
  const lang = (doc.documentElement?.getAttribute('lang') ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  const local = lang === '' ? undefined : rule.timeWords[lang];
  const english = rule.timeWords['en'];
  return [local, english].filter((words, index, all): words is TimeWords => {
    return words !== undefined && all.indexOf(words) === index;
  });
}

/** A person's canonical profile address by the pack's templates, by username first, else by id. */
export function profileAddress(
  pack: SelectorPack,
  profileId: string | null,
  username: string | null,
): string | null {
  const { byUsername, byProfileId } = pack.profileUrl;
  if (username !== null && byUsername !== undefined) {
    return byUsername.replace('{username}', encodeURIComponent(username));
  }
  if (profileId !== null && byProfileId !== undefined) {
    return byProfileId.replace('{profileId}', encodeURIComponent(profileId));
  }
  return null;
}

/** An http(s) address, resolved against the page; anything else (a data: image) is no address to keep. */
function webAddress(value: string | null, base: string): string | null {
  if (value === null) return null;
  try {
    const parsed = new URL(value, base);
    return ['https:', 'http:'].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}
