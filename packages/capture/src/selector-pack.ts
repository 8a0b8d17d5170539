import { SOCIAL_PLATFORMS, type SocialPlatform } from '@grouptrack/domain';
import { z } from 'zod';

/** Kinds of page the capture knows how to read. */
export const PAGE_KINDS = ['profile', 'member-list', 'member-requests', 'conversation', 'comments'] as const;

/**
 * One kind of page: a person's profile, a list of members, a group's pending member requests, a conversation
 * list, comments. Requests are a kind of their own because only they are captured as requests with answers.
 */
export type PageKind = (typeof PAGE_KINDS)[number];

/** Profile fields a pack says how to read. */
export const PROFILE_FIELDS = ['profileId', 'username', 'name', 'firstName', 'lastName', 'photoURL'] as const;

/** One field of a captured profile that a pack reads from the page. */
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** Fields a pack says how to read for each person of a list. */
export const PERSON_FIELDS = ['key', 'profileId', 'username', 'name'] as const;

/** One field read for each person of a list; `key` tells two rows of the same item apart (a comment id). */
export type PersonField = (typeof PERSON_FIELDS)[number];

const regexSource = z.string().superRefine((value, ctx) => {
  try {
    // `{username}` and its kin, and `{kw:…}` words, are replaced by the page's values before the pattern is used.
    new RegExp(value.replace(/\{(username|profileId|groupId|kw:[\w-]+)\}/g, 'x'), 'u');
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: `is not a valid regular expression: ${(error as Error).message}`,
    });
  }
});

const profileUrlTemplate = z.string().startsWith('https://', 'must be an https address');

const selectorId = z
  .string()
  .regex(/^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9-]+)+$/, 'must be dotted words such as "profile.name.ogTitle"');

/**
 * A CSS selector, where `{kw:<keyword>}` stands for each localised word of the keyword table (the selector is
 * tried once per word) and `{username}`, `{profileId}`, `{groupId}` for the values read from the address.
 */
const cssSelector = z.string().min(1);

const commonSourceFields = {
  /** Stable id reported when this source finds nothing, such as `profile.name.ogTitle`. */
  id: selectorId,
  /**
   * Regular expression applied to the value read; its first capture group (or the whole match) is kept.
   * `{kw:<keyword>}` in it stands for any localised word of that keyword.
   */
  pattern: regexSource.optional(),
  /** Keyword ids whose localised words are never a value (an `h1` that says "Notifications"). */
  exclude: z.array(z.string().min(1)).optional(),
  /** Whether finding nothing is normal on some pages of this kind, so it is not reported as a miss. */
  optional: z.boolean().optional(),
};

/** Reads an element's attribute, or its text when no attribute is named, from the first element that gives a value. */
const cssSourceSchema = z
  .object({
    ...commonSourceFields,
    from: z.literal('css'),
    selector: cssSelector,
    attribute: z.string().min(1).optional(),
  })
  .strict();

/**
 * Reads a value inside JSON the page embeds in a script: the whole script text (`script#__NEXT_DATA__`), or
 * the object assigned to `variable` in it (`var ytInitialData = {...};`). `path` segments are keys, `*` (any
 * one child), `**` (any depth) or `[key=value]` (the child whose `key` equals `value`).
 */
const jsonSourceSchema = z
  .object({
    ...commonSourceFields,
    from: z.literal('json'),
    selector: cssSelector,
    variable: z
      .string()
      .regex(/^[A-Za-z_$][\w$.]*$/, 'must be a JavaScript variable name')
      .optional(),
    path: z.array(z.string().min(1)).min(1),
  })
  .strict();

/** Reads the page's own address; a miss here is never reported (an address without an id is normal). */
const urlSourceSchema = z
  .object({
    ...commonSourceFields,
    from: z.literal('url'),
    pattern: regexSource,
  })
  .strict();

/** One place a value may be read from; a field lists several, tried in order until one gives a value. */
export const valueSourceSchema = z.discriminatedUnion('from', [
  cssSourceSchema,
  jsonSourceSchema,
  urlSourceSchema,
]);

/** One place a value may be read from. */
export type ValueSource = z.infer<typeof valueSourceSchema>;

const sourceList = z.array(valueSourceSchema);

/** A selector that finds each item of a list (a person's link, a question-and-answer pair). */
const itemSelectorSchema = z.object({ id: selectorId, selector: cssSelector }).strict();

/**
 * Address shapes of one page kind. `pattern` is matched against the path plus the query string; its named
 * groups `username`, `profileId` and `groupId` are handed to the selectors.
 */
const pageRuleSchema = z
  .object({
    kind: z.enum(PAGE_KINDS),
    pattern: regexSource,
  })
  .strict();

/**
 * How a pack finds the people of a list page: `item` finds each person's link (or row), `container` climbs
 * from it to the row the overlay badges (first match wins, else the item itself), and the fields are read
 * inside that row. One row gives one person, and rows with the same key are one person shown twice.
 */
const peopleRuleSchema = z
  .object({
    item: z.array(itemSelectorSchema).min(1),
    container: z.array(cssSelector),
    /** A selector the row must contain, such as the Approve button of a member request. */
    requires: cssSelector.optional(),
    fields: z
      .object({
        key: sourceList.optional(),
        profileId: sourceList,
        username: sourceList,
        name: sourceList,
      })
      .strict(),
  })
  .strict();

/**
 * Something whose presence says a thing (an empty queue, a rate-limit notice, an agreement to the rules): an
 * element matching `selector` whose text, when `text` names a keyword, contains one of its localised words.
 * Its absence is normal, so a marker is never reported as a miss.
 */
const markerSchema = z
  .object({
    id: selectorId,
    selector: cssSelector,
    text: z.string().min(1).optional(),
  })
  .strict();

const timeWordList = z.array(z.string().min(1)).min(1);

/**
 * The words of one language that relative and absolute dates are read with: "3 days ago", "il y a 3 jours",
 * "2h", "yesterday", "March 3, 2025", "3 mars".
 */
const timeWordsSchema = z
  .object({
    units: z
      .object({
        minute: timeWordList,
        hour: timeWordList,
        day: timeWordList,
        week: timeWordList,
        month: timeWordList,
        year: timeWordList,
      })
      .strict(),
    /** Words that stand for the number one ("a day ago", "il y a un jour"). */
    one: z.array(z.string().min(1)),
    /** Words meaning a moment ago ("just now", "à l'instant"). */
    now: z.array(z.string().min(1)),
    yesterday: z.array(z.string().min(1)),
    /** The names of the twelve months, January first, each with its short forms. */
    months: z.array(timeWordList).length(12),
  })
  .strict();

/** Time words per language, `en` being the fallback, as the keyword table is. */
const timeWordTableSchema = z
  .record(z.string().regex(/^[a-z]{2,3}$/, 'must be a language code such as "en"'), timeWordsSchema)
  .refine((table) => 'en' in table, 'must have an "en" table, the fallback language');

/**
 * How a pack reads a group's pending member requests, beyond the rows `people['member-requests']` finds: the
 * photo, the membership questions with their answers, the agreement to the rules and the date inside each
 * row, and on the page the group's name, the signed-in viewer (never a request) and the states of the queue.
 */
const memberRequestsRuleSchema = z
  .object({
    photoURL: sourceList,
    /** Each question-and-answer pair of a row, in the page's order, and the question and answer inside it. */
    answers: z
      .object({
        item: z.array(itemSelectorSchema).min(1),
        question: sourceList,
        answer: sourceList,
      })
      .strict(),
    /** Markers inside a row: they agreed to the group's rules, or they did not; neither means not asked. */
    agreedToRules: z.object({ yes: z.array(markerSchema), no: z.array(markerSchema) }).strict(),
    /** Texts or attributes holding when they asked; the first value that reads as a date is kept. */
    requestedAt: sourceList,
    timeWords: timeWordTableSchema,
    groupName: sourceList,
    /** The signed-in viewer's id and username, read from the page. */
    viewer: z.object({ profileId: sourceList, username: sourceList }).strict(),
    /** The queue is empty ("No pending members"). */
    empty: z.array(markerSchema),
    /** The platform stopped the viewer ("You're temporarily blocked", "going too fast"). */
    blocked: z.array(markerSchema),
    /** The controls inside a row that approve or decline its request, tried in order. */
    actions: z
      .object({
        approve: z.array(markerSchema).min(1),
        decline: z.array(markerSchema).min(1),
        /**
         * Declining with a word to the person, where the platform has it: a control in the row opens a
         * menu, an item of the menu opens a dialog, and the dialog has a text box and its own Decline.
         */
        declineWithFeedback: z
          .object({
            open: z.array(markerSchema).min(1),
            item: z.array(markerSchema).min(1),
            dialog: z.array(markerSchema).min(1),
            text: z.array(markerSchema).min(1),
            submit: z.array(markerSchema).min(1),
          })
          .strict()
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

/**
 * Where a conversation with a person opens, tried in order: the address template is filled with the
 * person's id or username (`{profileId}`, `{username}`), when it is known and matches `pattern`.
 */
const conversationAddressSchema = z
  .object({
    uses: z.enum(['profileId', 'username']),
    /** The id or username must match this to use the template (a member number, not a profile URN). */
    pattern: regexSource.optional(),
    url: profileUrlTemplate,
  })
  .strict();

/**
 * How the queue sends a message in an open conversation and reads what the thread shows: the
 * message box and Send, each message of the thread (mine or theirs) with its text, the dialogs to
 * dismiss first, the platform's notices (blocked, could not send), the other party and the addresses
 * that mean the viewer is signed out.
 */
const conversationRuleSchema = z
  .object({
    addresses: z.array(conversationAddressSchema).min(1),
    /** The message box, tried in order. */
    composer: z.array(markerSchema).min(1),
    /** The Send control, tried in order. */
    send: z.array(markerSchema).min(1),
    /** Each message of the open thread, oldest first (the first selector that finds any). */
    messages: z.array(itemSelectorSchema).min(1),
    /** Inside a message: it is the viewer's own (else it is the other party's). */
    mine: z.array(markerSchema).min(1),
    /** Inside a message: its text. */
    text: sourceList,
    /** Dialogs that cover the message box until a control is clicked ("Continue", "Not now"). */
    dismiss: z.array(markerSchema),
    /** The platform stopped the viewer ("temporarily blocked", "going too fast"). */
    blocked: z.array(markerSchema),
    /** The platform says the message did not go out ("Couldn't send"). */
    notSent: z.array(markerSchema),
    /** The person the open thread is with, from its header. */
    otherParty: z.object({ profileId: sourceList, username: sourceList }).strict(),
    /** Address patterns (path and query) of the sign-in and checkpoint pages. */
    signedOut: z.array(regexSource).min(1),
  })
  .strict();

/**
 * How a pack reads the comments of one post and posts a comment on it (the Auto Responder): each comment and
 * reply with its id (and its parent's, for a reply), author and text; the comment box, the control that opens
 * it, its submit, and the Reply control inside a comment.
 */
const postCommentsRuleSchema = z
  .object({
    /** Each comment and reply, in the page's order (the first selector that finds any). */
    item: z.array(itemSelectorSchema).min(1),
    /** Climbs from an item to the comment it belongs to (first match wins, else the item itself). */
    container: z.array(cssSelector),
    /**
     * What is never a comment nor part of one, such as the viewer's own comment box (`[contenteditable]`):
     * an item inside it is skipped, and it is left out of a comment it sits in.
     */
    skip: z.array(cssSelector),
    /**
     * Read inside each comment, without the replies drawn inside it. A comment whose id the page does not
     * give is skipped, unless `postedAt` is there to make one of its own.
     */
    fields: z
      .object({
        commentId: sourceList,
        /** A reply's parent; a reply drawn inside its parent is known as such without it. */
        parentCommentId: sourceList,
        authorName: sourceList,
        profileId: sourceList,
        username: sourceList,
        text: sourceList,
        /**
         * Where the page shows no comment id (Instagram): when the comment was posted. The comment is then
         * known by its author's username, this time and a hash of its text.
         */
        postedAt: sourceList.optional(),
      })
      .strict(),
    /** The comment box of the post, tried in order. */
    composer: z.array(markerSchema).min(1),
    /** The control that opens a collapsed comment box ("Leave a comment"); its absence is normal. */
    expand: z.array(markerSchema),
    /** The control that posts what the box holds. */
    submit: z.array(markerSchema).min(1),
    /** Inside a comment, the control that answers it in its thread ("Reply"). */
    reply: z.array(markerSchema),
  })
  .strict();

/** Localised words: `keywords[locale][keywordId]` lists the words a label may say in that language. */
const keywordTableSchema = z.record(
  z.string().regex(/^[a-z]{2,3}$/, 'must be a language code such as "en"'),
  z.record(z.string(), z.array(z.string().min(1))),
);

/** The shape a selector pack is validated against before it is used. */
export const selectorPackSchema = z
  .object({
    platform: z.enum(SOCIAL_PLATFORMS),
    /** Raised whenever the pack changes, so the extension keeps the newest one. */
    version: z.number().int().positive(),
    /** Host names of the platform; their subdomains (www., m., web.) belong to it too. */
    hosts: z
      .array(z.string().regex(/^[a-z0-9.-]+\.[a-z]+$/, 'must be a host name such as "facebook.com"'))
      .min(1),
    /** Page kinds by address, tried in order. */
    pages: z.array(pageRuleSchema).min(1),
    /** First path segments that are never a username (`groups`, `explore`, `watch`). */
    reservedPaths: z.array(z.string().min(1)),
    /** The canonical profile address, by username and by profile id. */
    profileUrl: z
      .object({ byUsername: profileUrlTemplate.optional(), byProfileId: profileUrlTemplate.optional() })
      .strict(),
    keywords: keywordTableSchema.refine(
      (table) => 'en' in table,
      'must have an "en" table, the fallback language',
    ),
    profile: z
      .object({
        profileId: sourceList,
        username: sourceList,
        name: sourceList,
        firstName: sourceList,
        lastName: sourceList,
        photoURL: sourceList,
      })
      .strict(),
    people: z
      .object({
        'member-list': peopleRuleSchema.optional(),
        'member-requests': peopleRuleSchema.optional(),
        conversation: peopleRuleSchema.optional(),
        comments: peopleRuleSchema.optional(),
      })
      .strict(),
    memberRequests: memberRequestsRuleSchema.optional(),
    /** Sending a queued message in a conversation, and reading its thread. */
    conversation: conversationRuleSchema.optional(),
    /** Reading a post's comments and posting one (the Auto Responder). */
    postComments: postCommentsRuleSchema.optional(),
  })
  .strict();

/** A platform's selectors, address shapes and localised words as data, so a changed page is fixed by a new pack. */
export type SelectorPack = z.infer<typeof selectorPackSchema> & { platform: SocialPlatform };

/** How a pack finds the people of one kind of list page. */
export type PeopleRule = z.infer<typeof peopleRuleSchema>;

/** How a pack sends in a conversation and reads its thread. */
export type ConversationRule = z.infer<typeof conversationRuleSchema>;

/** How a pack reads a post's comments and posts one. */
export type PostCommentsRule = z.infer<typeof postCommentsRuleSchema>;

/** How a pack reads the pending member requests of a group. */
export type MemberRequestsRule = z.infer<typeof memberRequestsRuleSchema>;

/** Something whose presence on a page says a thing, such as an empty queue. */
export type Marker = z.infer<typeof markerSchema>;

/** The words one language writes dates with. */
export type TimeWords = z.infer<typeof timeWordsSchema>;

/**
 * Validates a pack received as JSON (from the server or storage) and returns it typed; throws an Error whose
 * message names each problem by its path, such as `profile.name.0.selector: Required`.
 */
export function parseSelectorPack(json: unknown): SelectorPack {
  const result = selectorPackSchema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(pack)'}: ${issue.message}`,
    );
    throw new Error(`Invalid selector pack: ${problems.join('; ')}`);
  }
  const ids = new Set<string>();
  for (const id of listSelectorIds(result.data)) {
    if (ids.has(id)) throw new Error(`Invalid selector pack: selector id "${id}" is used twice`);
    ids.add(id);
  }
  return result.data;
}

/** Lists every selector id of a pack, so duplicates are refused and tests can check each one is exercised. */
export function listSelectorIds(pack: z.infer<typeof selectorPackSchema>): string[] {
  const ids: string[] = [];
  for (const field of PROFILE_FIELDS) ids.push(...pack.profile[field].map((source) => source.id));
  for (const rule of Object.values(pack.people)) {
    if (rule === undefined) continue;
    ids.push(...rule.item.map((item) => item.id));
    for (const field of PERSON_FIELDS) ids.push(...(rule.fields[field] ?? []).map((source) => source.id));
  }
  const requests = pack.memberRequests;
  if (requests !== undefined) {
    const { answers, agreedToRules, viewer } = requests;
    const sources = [
      ...requests.photoURL,
      ...answers.question,
      ...answers.answer,
      ...requests.requestedAt,
      ...requests.groupName,
      ...viewer.profileId,
      ...viewer.username,
    ];
    const markers = [
      ...agreedToRules.yes,
      ...agreedToRules.no,
      ...requests.empty,
      ...requests.blocked,
      ...(requests.actions?.approve ?? []),
      ...(requests.actions?.decline ?? []),
    ];
    ids.push(...answers.item.map((item) => item.id), ...sources.map((source) => source.id));
    ids.push(...markers.map((marker) => marker.id));
  }
  const conversation = pack.conversation;
  if (conversation !== undefined) {
    const { composer, send, messages, mine, text, dismiss, blocked, notSent, otherParty } = conversation;
    ids.push(...messages.map((item) => item.id));
    ids.push(...[...text, ...otherParty.profileId, ...otherParty.username].map((source) => source.id));
    ids.push(
      ...[...composer, ...send, ...mine, ...dismiss, ...blocked, ...notSent].map((marker) => marker.id),
    );
  }
  const postComments = pack.postComments;
  if (postComments !== undefined) {
    const { item, fields, composer, expand, submit, reply } = postComments;
    ids.push(...item.map((each) => each.id));
    ids.push(...Object.values(fields).flatMap((sources) => (sources ?? []).map((source) => source.id)));
    ids.push(...[...composer, ...expand, ...submit, ...reply].map((marker) => marker.id));
  }
  return ids;
}
