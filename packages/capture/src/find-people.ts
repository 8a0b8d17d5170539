import { detectPageWithPack } from './detect-page';
import { closestMatching, queryAll, readFirst, resolveKeywords, type ExtractContext } from './extract';
import type { SelectorPack } from './selector-pack';
import type { FoundPerson, SelectorMiss } from './types';

/**
 * Finds the people of a member list, comment thread or conversation list with a pack, one per row, each
 * person shown twice (Facebook renders some comments twice) kept once. `onMiss` hears each selector tried in
 * vain, once per call.
 */
export function findPeople(
  root: Document | Element,
  url: string,
  pack: SelectorPack,
  options: { onMiss?: (miss: SelectorMiss) => void } = {},
): FoundPerson[] {
  const page = detectPageWithPack(url, pack);
  if (page === null || page.kind === 'profile') return [];
  const rule = pack.people[page.kind];
  if (rule === undefined) return [];
  const doc = 'documentElement' in root ? root : root.ownerDocument;
  const missed = new Set<string>();
  const onMiss = (selectorId: string) => missed.add(selectorId);
  const base: ExtractContext = {
    doc,
    root,
    url,
    vars: {
      username: page.username ?? undefined,
      profileId: page.profileId ?? undefined,
      groupId: page.groupId ?? undefined,
    },
    keywords: resolveKeywords(pack, doc),
  };

  let items: Element[] = [];
  for (const item of rule.item) {
    items = queryAll(root, item.selector, base);
    if (items.length > 0) break;
    onMiss(item.id);
  }

  const people: FoundPerson[] = [];
  const rows = new Set<Element>();
  const keys = new Set<string>();
  for (const item of items) {
    let row: Element = item;
    for (const selector of rule.container) {
      const found = closestMatching(item, selector, base);
      if (found !== null) {
        row = found;
        break;
      }
    }
    // A row holds one person: further links in it (an inviter, a mention) belong to that row's person.
    if (rows.has(row)) continue;
    rows.add(row);
    if (rule.requires !== undefined && queryAll(row, rule.requires, base).length === 0) continue;
    const ctx: ExtractContext = { ...base, root: row };
    const profileId = readFirst(rule.fields.profileId, ctx, onMiss);
    const username = readFirst(rule.fields.username, ctx, onMiss);
    if (profileId === null && username === null) continue;
    const name = readFirst(rule.fields.name, ctx, onMiss);
    const key = readFirst(rule.fields.key ?? [], ctx, onMiss) ?? `${profileId ?? ''}|${username ?? ''}`;
    if (keys.has(key)) continue;
    keys.add(key);
    people.push({ element: row, platform: pack.platform, profileId, username, name });
  }
  for (const selectorId of missed)
    options.onMiss?.({ platform: pack.platform, pageKind: page.kind, selectorId });
  return people;
}
