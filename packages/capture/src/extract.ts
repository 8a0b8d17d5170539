import type { SelectorPack, ValueSource } from './selector-pack';

/** What a selector is read against: the page, the part of it being read, the address and the words of its language. */
export interface ExtractContext {
  doc: Document;
  /** Where CSS selectors look: the document for a profile, a row for a person of a list. */
  root: Document | Element;
  url: string;
  /** Values read from the address (`username`, `profileId`, `groupId`) that selectors may name. */
  vars: Readonly<Record<string, string | undefined>>;
  keywords: Readonly<Record<string, readonly string[]>>;
}

/**
 * Picks the keyword table of the document's language (`<html lang="fr-FR">` gives `fr`), each word falling
 * back to English where that language's table lacks it.
 */
export function resolveKeywords(pack: SelectorPack, doc: Document): Record<string, readonly string[]> {
  const lang = (doc.documentElement?.getAttribute('lang') ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  const english = pack.keywords['en'] ?? {};
  const local = lang === '' ? undefined : pack.keywords[lang];
  return { ...english, ...local };
}

/**
 * Reads the first value the sources give, in order; `onMiss` hears the id of each source tried that found
 * nothing (except address patterns and sources marked optional), so a changed page is reported.
 */
export function readFirst(
  sources: readonly ValueSource[],
  ctx: ExtractContext,
  onMiss: (selectorId: string) => void,
): string | null {
  for (const source of sources) {
    // A source for another address shape (by handle on a page reached by id) does not apply: not a miss.
    if (!namesKnownValues(source, ctx)) continue;
    const value = readSource(source, ctx);
    if (value !== null) return value;
    if (source.from !== 'url' && source.optional !== true) onMiss(source.id);
  }
  return null;
}

/** Tells whether every `{username}`, `{profileId}` or `{groupId}` a source names is known for this page. */
export function namesKnownValues(source: ValueSource, ctx: ExtractContext): boolean {
  const texts = [
    source.pattern ?? '',
    source.from === 'url' ? '' : source.selector,
    ...(source.from === 'json' ? source.path : []),
  ];
  return texts.every((text) =>
    Array.from(text.matchAll(/\{(username|profileId|groupId)\}/g)).every(
      (match) => ctx.vars[match[1] ?? ''] !== undefined,
    ),
  );
}

/** Reads one source; null when it finds nothing, including when its selector does not parse. */
export function readSource(source: ValueSource, ctx: ExtractContext): string | null {
  switch (source.from) {
    case 'css':
      return firstAccepted(cssValues(source.selector, source.attribute, ctx), source, ctx);
    case 'json':
      return firstAccepted(jsonValues(source.selector, source.variable, source.path, ctx), source, ctx);
    case 'url':
      return firstAccepted([ctx.url], source, ctx);
  }
}

/** Finds the elements a pack selector names, once per localised word; an unparsable selector finds none. */
export function queryAll(root: Document | Element, selector: string, ctx: ExtractContext): Element[] {
  const found = new Set<Element>();
  for (const expanded of expandSelector(selector, ctx)) {
    try {
      let elements = Array.from(root.querySelectorAll(expanded));
      // A selector may name ancestors of the part being read (`div[role=main] a` inside a row). Browsers
      // match it against the whole document; DOM implementations that only look inside the part find nothing,
      // so a miss is checked again against the document, keeping what lies inside the part.
      if (elements.length === 0 && !('documentElement' in root)) {
        elements = Array.from(root.ownerDocument.querySelectorAll(expanded)).filter(
          (element) => element !== root && root.contains(element),
        );
      }
      for (const element of elements) found.add(element);
    } catch {
      // A pack from the server may carry a selector this browser cannot parse: that is a miss, not a crash.
    }
  }
  return [...found];
}

/** Tells whether an element matches a pack selector (in any of its localised words). */
export function matchesSelector(element: Element, selector: string, ctx: ExtractContext): boolean {
  return expandSelector(selector, ctx).some((expanded) => {
    try {
      return element.matches(expanded);
    } catch {
      return false;
    }
  });
}

/** Climbs from an element to the nearest ancestor (or itself) matching a pack selector. */
export function closestMatching(element: Element, selector: string, ctx: ExtractContext): Element | null {
  for (let node: Element | null = element; node !== null; node = node.parentElement) {
    if (matchesSelector(node, selector, ctx)) return node;
  }
  return null;
}

/** Splits a full name into a first name and the rest, for pages that do not give them apart. */
export function splitName(name: string | null): { firstName: string | null; lastName: string | null } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: null, lastName: null };
  return { firstName: parts[0] ?? null, lastName: parts.length > 1 ? parts.slice(1).join(' ') : null };
}

function expandSelector(selector: string, ctx: ExtractContext): string[] {
  let missingVar = false;
  const withVars = selector.replace(/\{(username|profileId|groupId)\}/g, (_match, name: string) => {
    const value = ctx.vars[name];
    if (value === undefined) missingVar = true;
    return (value ?? '').replace(/["\\]/g, '\\$&');
  });
  // A selector naming a value the address does not give cannot find the right element: it finds none.
  if (missingVar) return [];
  let selectors = [withVars];
  for (const match of withVars.matchAll(/\{kw:([\w-]+)\}/g)) {
    const placeholder = match[0];
    const words = ctx.keywords[match[1] ?? ''] ?? [];
    selectors = selectors.flatMap((current) =>
      words.map((word) => current.replace(placeholder, word.replace(/["\\]/g, '\\$&'))),
    );
  }
  return selectors;
}

function* cssValues(selector: string, attribute: string | undefined, ctx: ExtractContext): Generator<string> {
  // Inside a row of a list the row itself may be the person's link, so it is a candidate too.
  const own = 'matches' in ctx.root && matchesSelector(ctx.root, selector, ctx) ? [ctx.root] : [];
  for (const element of [...own, ...queryAll(ctx.root, selector, ctx)]) {
    const raw = attribute === undefined ? element.textContent : element.getAttribute(attribute);
    if (raw !== null) yield raw;
  }
}

const parsedScripts = new WeakMap<Element, Map<string, unknown>>();

function* jsonValues(
  selector: string,
  variable: string | undefined,
  path: readonly string[],
  ctx: ExtractContext,
): Generator<string> {
  const segments: string[] = [];
  for (const segment of path) {
    let missing = false;
    segments.push(
      segment.replace(/\{(username|profileId|groupId)\}/g, (_match, name: string) => {
        const value = ctx.vars[name];
        if (value === undefined) missing = true;
        return value ?? '';
      }),
    );
    if (missing) return;
  }
  for (const script of queryAll(ctx.doc, selector, ctx)) {
    const data = parseScript(script, variable);
    if (data !== undefined) yield* walk(data, segments);
  }
}

function parseScript(script: Element, variable: string | undefined): unknown {
  let cache = parsedScripts.get(script);
  if (cache === undefined) {
    cache = new Map();
    parsedScripts.set(script, cache);
  }
  const key = variable ?? '';
  if (cache.has(key)) return cache.get(key);
  const text = script.textContent ?? '';
  let data: unknown;
  try {
    data = JSON.parse(
      variable === undefined ? text : (sliceAssignedObject(text, variable) ?? 'null'),
    ) as unknown;
  } catch {
    data = undefined;
  }
  cache.set(key, data);
  return data;
}

/** Cuts the JSON object literal assigned to `name` out of a script (`var ytInitialData = {...};`). */
function sliceAssignedObject(text: string, name: string): string | null {
  const escaped = name.replace(/[.$]/g, '\\$&');
  const assignment = new RegExp(`(?:^|[^\\w$.])${escaped}\\s*=\\s*(?=[{[])`).exec(text);
  if (assignment === null) return null;
  const start = assignment.index + assignment[0].length;
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return text.slice(start, index + 1);
    }
  }
  return null;
}

function children(value: unknown): unknown[] {
  if (Array.isArray(value)) return value as unknown[];
  if (value !== null && typeof value === 'object') return Object.values(value);
  return [];
}

/** Yields every scalar reached by the path, depth first, so a fallback candidate comes after the first. */
function* walk(value: unknown, path: readonly string[], depth = 0): Generator<string> {
  // Page JSON can be megabytes deep; a bound keeps a careless `**` from freezing the tab.
  if (depth > 64) return;
  const [segment, ...rest] = path;
  if (segment === undefined) {
    if (typeof value === 'string') yield value;
    else if (typeof value === 'number') yield String(value);
    return;
  }
  if (segment === '**') {
    yield* walk(value, rest, depth + 1);
    for (const child of children(value)) yield* walk(child, path, depth + 1);
    return;
  }
  if (segment === '*') {
    for (const child of children(value)) yield* walk(child, rest, depth + 1);
    return;
  }
  // `[key=value]` keeps the child whose key equals the value, `[key$=value]` the one whose key ends with it.
  const filter = /^\[([^=\]$]+)(\$?)=(.*)\]$/.exec(segment);
  if (filter !== null) {
    const [, key = '', endsWith = '', expected = ''] = filter;
    for (const child of children(value)) {
      if (child === null || typeof child !== 'object') continue;
      const actual = String((child as Record<string, unknown>)[key]);
      if (endsWith === '' ? actual === expected : actual.endsWith(expected)) {
        yield* walk(child, rest, depth + 1);
      }
    }
    return;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && segment in value) {
    yield* walk((value as Record<string, unknown>)[segment], rest, depth + 1);
  } else if (Array.isArray(value) && /^\d+$/.test(segment)) {
    yield* walk(value[Number(segment)], rest, depth + 1);
  }
}

function firstAccepted(values: Iterable<string>, source: ValueSource, ctx: ExtractContext): string | null {
  for (const value of acceptedValues(values, source, ctx)) return value;
  return null;
}

/** Yields each value a source gives, in page order, once its pattern and exclusions are applied. */
export function* readValues(source: ValueSource, ctx: ExtractContext): Generator<string> {
  if (!namesKnownValues(source, ctx)) return;
  switch (source.from) {
    case 'css':
      yield* acceptedValues(cssValues(source.selector, source.attribute, ctx), source, ctx);
      return;
    case 'json':
      yield* acceptedValues(jsonValues(source.selector, source.variable, source.path, ctx), source, ctx);
      return;
    case 'url':
      yield* acceptedValues([ctx.url], source, ctx);
  }
}

function* acceptedValues(
  values: Iterable<string>,
  source: ValueSource,
  ctx: ExtractContext,
): Generator<string> {
  const excluded = new Set(
    (source.exclude ?? []).flatMap((keyword) =>
      (ctx.keywords[keyword] ?? []).map((word) => word.toLowerCase()),
    ),
  );
  let pattern: RegExp | null = null;
  if (source.pattern !== undefined) {
    let missingVar = false;
    // `{username}` in a pattern ties a value to the page's own person: after a move inside a single-page
    // site, meta tags and page JSON can still describe the previous profile.
    const withVars = source.pattern.replace(/\{(username|profileId|groupId)\}/g, (_match, name: string) => {
      const value = ctx.vars[name];
      if (value === undefined) missingVar = true;
      return escapeRegExp(value ?? '');
    });
    if (missingVar) return;
    // `{kw:requested}` stands for any of the page language's words for it ("Requested", "Demande envoyée").
    const withWords = withVars.replace(/\{kw:([\w-]+)\}/g, (_match, id: string) => {
      const words = ctx.keywords[id] ?? [];
      return words.length === 0 ? '(?!)' : `(?:${words.map(escapeRegExp).join('|')})`;
    });
    pattern = new RegExp(withWords, 'u');
  }
  for (const raw of values) {
    const text = raw.replace(/\s+/g, ' ').trim();
    if (text === '' || excluded.has(text.toLowerCase())) continue;
    if (pattern === null) {
      yield text;
      continue;
    }
    const match = pattern.exec(text);
    // With several groups (alternatives), the first one that took part is the value.
    const value =
      match === null
        ? ''
        : ((match.length > 1 ? match.slice(1).find((group) => group !== undefined) : match[0]) ?? '').trim();
    if (value !== '') yield value;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
