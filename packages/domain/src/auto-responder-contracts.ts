import { z } from 'zod';
import { webAddressSchema } from './forms';
import { splitAddress } from './profile-address';
import { triggerWordsSchema } from './trigger-words';

/*
 * The Auto Responder (SPEC §2 /tools/postTracker, §3 jobs and job groups): a job watches one post for
 * comments holding a trigger word and answers each new commenter once: captures them (pipeline,
 * stage, tags), queues a direct message and gives the extension a reply to post under the comment.
 * The extension visits the posts and posts the replies; the server decides and counts.
 */

/** A job group is switched on (running) or paused; its jobs follow it (SPEC §4). */
export const AUTO_RESPONDER_GROUP_STATUSES = ['running', 'paused'] as const;
export type AutoResponderGroupStatus = (typeof AUTO_RESPONDER_GROUP_STATUSES)[number];

/** The platforms whose posts a job can watch: the extension reads comments there. */
export const AUTO_RESPONDER_PLATFORMS = ['facebook', 'instagram'] as const;
export type AutoResponderPlatform = (typeof AUTO_RESPONDER_PLATFORMS)[number];

/** Where the reply to one answered comment stands: `none` when the job posts no reply to them. */
export const AUTO_RESPONDER_REPLY_STATUSES = ['pending', 'posted', 'failed', 'none'] as const;
export type AutoResponderReplyStatus = (typeof AUTO_RESPONDER_REPLY_STATUSES)[number];

/** A job's post is visited again once its last visit is this many minutes old. */
export const AUTO_RESPONDER_VISIT_MINUTES = 10;

/** The most comments one reading of a post may report. */
export const AUTO_RESPONDER_COMMENTS_MAX = 500;

/** The addresses a job accepts, in the words every refusal uses. */
export const POST_ADDRESS_SHAPES =
  'the https address of a Facebook group post (https://www.facebook.com/groups/…/posts/…), a Facebook page post (https://www.facebook.com/…/posts/…) or an Instagram post or reel (https://www.instagram.com/p/… or https://www.instagram.com/reel/…)';

/** First path segments of facebook.com that are no page's handle. */
const FACEBOOK_NOT_PAGES = new Set([
  'groups',
  'watch',
  'reel',
  'reels',
  'share',
  'photo',
  'events',
  'people',
]);
const INSTAGRAM_POST_KINDS = new Set(['p', 'reel']);

export type PostAddressReading =
  { ok: true; platform: AutoResponderPlatform; url: string } | { ok: false; message: string };

/**
 * Reads a post's address: its platform and the one address the extension visits (https, the www
 * host, no query but Facebook's story ids, no trailing slash but Instagram's), or why it is no post
 * a job can watch.
 */
export function readPostAddress(input: string): PostAddressReading {
  const refused = { ok: false, message: `Use ${POST_ADDRESS_SHAPES}.` } as const;
  const text = input.trim();
  const parts = /^https:\/\//i.test(text) ? splitAddress(text) : null;
  if (!parts) return refused;
  const host = parts.host.toLowerCase().replace(/^(?:www|m|web|mbasic)\./, '');
  const segments = parts.segments;
  const path = (list: string[]) => list.map(encodeURIComponent).join('/');
  if (host === 'facebook.com') {
    const [first = '', second = '', third = ''] = segments;
    const isGroupPost =
      segments.length === 4 && first === 'groups' && (third === 'posts' || third === 'permalink');
    const isPagePost = segments.length === 3 && second === 'posts' && !FACEBOOK_NOT_PAGES.has(first);
    if (isGroupPost || isPagePost) {
      return { ok: true, platform: 'facebook', url: `https://www.facebook.com/${path(segments)}` };
    }
    const story = parts.query.get('story_fbid');
    const page = parts.query.get('id');
    if (segments.length === 1 && (first === 'permalink.php' || first === 'story.php') && story && page) {
      const query = `story_fbid=${encodeURIComponent(story)}&id=${encodeURIComponent(page)}`;
      return { ok: true, platform: 'facebook', url: `https://www.facebook.com/${first}?${query}` };
    }
    return refused;
  }
  // A post or reel, under its author's handle or not: /p/{code}, /{handle}/reel/{code}.
  const post = segments.length === 3 ? segments.slice(1) : segments;
  if (
    host === 'instagram.com' &&
    segments.length >= 2 &&
    segments.length <= 3 &&
    INSTAGRAM_POST_KINDS.has(post[0] ?? '')
  ) {
    return { ok: true, platform: 'instagram', url: `https://www.instagram.com/${path(segments)}/` };
  }
  return refused;
}

/** A post's address as a job takes it: one `readPostAddress` accepts. */
export const postAddressSchema = z
  .string()
  .trim()
  .max(2000, 'A post address is at most 2,000 characters.')
  .refine((value) => readPostAddress(value).ok, `Use ${POST_ADDRESS_SHAPES}.`);

/**
 * Who wrote a comment, as a job remembers whom it answered: the platform's profile id, else the
 * username (any case), else the author's name as shown (NFC, spaces collapsed, any case); null when
 * the comment names nobody. The prefix keeps an id from ever equalling a name.
 */
export function commenterKey(comment: {
  profileId: string | null;
  username: string | null;
  authorName: string | null;
}): string | null {
  const profileId = comment.profileId?.trim();
  if (profileId) return `id:${profileId}`;
  const username = comment.username?.trim().replace(/^@/, '');
  if (username) return `user:${username.toLocaleLowerCase('und')}`;
  const name = comment.authorName?.normalize('NFC').replace(/\s+/g, ' ').trim();
  return name ? `name:${name.toLocaleLowerCase('und')}` : null;
}

const id = z.string().trim().min(1).max(100);
const name = (what: string) =>
  z.string().trim().min(1, `Name the ${what}.`).max(100, `A ${what}'s name is at most 100 characters.`);

/** Where an item goes among its siblings: after or before one of them (left out: it stays, or goes last). */
const placement = {
  /** The sibling it goes after. */
  after: id.optional(),
  /** The sibling it goes before. */
  before: id.optional(),
};

/** A new job group. */
export const autoResponderGroupInputSchema = z
  .object({
    /** What the group is called on /tools/postTracker. */
    name: name('job group'),
    /** Running groups' jobs are visited; a new group starts paused unless said otherwise. */
    status: z.enum(AUTO_RESPONDER_GROUP_STATUSES).default('paused'),
  })
  .strict();
export type AutoResponderGroupInput = z.infer<typeof autoResponderGroupInputSchema>;

/** A change to a job group: what is given changes. */
export const autoResponderGroupChangeSchema = z
  .object({
    /** Its new name. */
    name: name('job group').optional(),
    /** Switches its jobs on (running) or pauses them. */
    status: z.enum(AUTO_RESPONDER_GROUP_STATUSES).optional(),
    ...placement,
  })
  .strict();
export type AutoResponderGroupChange = z.infer<typeof autoResponderGroupChangeSchema>;

/** A job: the post it watches, its trigger words and what it does for each new commenter who matches. */
export const autoResponderInputSchema = z
  .object({
    /** The job group it belongs to. */
    jobGroupId: id,
    /** What the job is called. */
    jobName: name('job'),
    settings: z
      .object({
        /** The post it watches. */
        permalinkURL: postAddressSchema,
        /** The words a comment must hold (whole words, any case). */
        triggerWords: triggerWordsSchema,
      })
      .strict(),
    /** A message template rendered for the person and posted under their comment. */
    replyTemplateId: id.nullable().default(null),
    /** A message template queued as a direct message in the reporting member's queue. */
    messageTemplateId: id.nullable().default(null),
    /** Tags the person gets. */
    tagIds: z.array(id).max(50, 'Pick at most 50 tags.').default([]),
    /** The pipeline the person is captured into. */
    pipelineId: id.nullable().default(null),
    /** Its stage (the first when left out). */
    stageId: id.nullable().default(null),
    /** An archived job is never visited; its counts stay. */
    archived: z.boolean().default(false),
    ...placement,
  })
  .strict()
  .refine(
    (job) =>
      job.replyTemplateId !== null ||
      job.messageTemplateId !== null ||
      job.tagIds.length > 0 ||
      job.pipelineId !== null,
    {
      message: 'Choose at least one thing to do for a commenter: a reply, a message, tags or a pipeline.',
      path: ['replyTemplateId'],
    },
  )
  .refine((job) => job.stageId === null || job.pipelineId !== null, {
    message: 'Choose the pipeline the stage belongs to.',
    path: ['pipelineId'],
  });
export type AutoResponderInput = z.infer<typeof autoResponderInputSchema>;

/** What a job has done so far (SPEC workers/postTracker). */
export const autoResponderCountsSchema = z.object({
  /** Comments read on the post, each once. */
  seen: z.number().int(),
  /** Of those, comments holding a trigger word. */
  matched: z.number().int(),
  /** Replies the extension posted. */
  replied: z.number().int(),
  /** Direct messages queued. */
  messaged: z.number().int(),
  /** People captured (created or brought up to date). */
  captured: z.number().int(),
});
export type AutoResponderCounts = z.infer<typeof autoResponderCountsSchema>;

/** A job group as /tools/postTracker lists it. */
export const autoResponderGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(AUTO_RESPONDER_GROUP_STATUSES),
  /** Its rank among the team's groups. */
  order: z.string(),
  createdAt: z.string(),
});
export type AutoResponderGroup = z.infer<typeof autoResponderGroupSchema>;

/** A job as /tools/postTracker lists it, with its counts. */
export const autoResponderSchema = z.object({
  jobID: z.string(),
  jobGroupId: z.string(),
  jobName: z.string(),
  platform: z.enum(AUTO_RESPONDER_PLATFORMS),
  settings: z.object({ permalinkURL: z.string(), triggerWords: z.array(z.string()) }),
  replyTemplateId: z.string().nullable(),
  messageTemplateId: z.string().nullable(),
  tagIds: z.array(z.string()),
  pipelineId: z.string().nullable(),
  stageId: z.string().nullable(),
  /** Its rank among its group's jobs. */
  order: z.string(),
  archived: z.boolean(),
  createdByUID: z.string(),
  counts: autoResponderCountsSchema,
  lastVisitedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AutoResponder = z.infer<typeof autoResponderSchema>;

/** A post the extension should visit now. */
export const dueAutoResponderSchema = z.object({
  jobID: z.string(),
  jobName: z.string(),
  platform: z.enum(AUTO_RESPONDER_PLATFORMS),
  permalinkURL: z.string(),
  lastVisitedAt: z.string().nullable(),
});
export type DueAutoResponder = z.infer<typeof dueAutoResponderSchema>;

const optionalText = (max: number) => z.string().trim().max(max).nullable();

/** One comment as the extension reads it (packages/capture's PostComment). */
export const postCommentSchema = z
  .object({
    /** The platform's id of the comment, or one the extension made from it. */
    commentId: z.string().trim().min(1).max(300),
    /** The comment a reply answers; null for a comment on the post. */
    parentCommentId: optionalText(300),
    authorName: optionalText(200),
    profileId: optionalText(200),
    username: optionalText(200),
    /** The author's profile address. */
    profileUrl: webAddressSchema.nullable(),
    /** What the comment says; empty for a sticker or a photo alone. */
    text: z.string().max(10_000),
  })
  .strict();
export type PostCommentReport = z.infer<typeof postCommentSchema>;

/** One reading of a post: its comments, never the viewer's own. */
export const autoResponderCommentsReportSchema = z
  .object({
    /** The comments shown, in the page's order. */
    comments: z
      .array(postCommentSchema)
      .max(AUTO_RESPONDER_COMMENTS_MAX, `Report at most ${AUTO_RESPONDER_COMMENTS_MAX} comments at once.`),
  })
  .strict();
export type AutoResponderCommentsReport = z.infer<typeof autoResponderCommentsReportSchema>;

/** What the extension does after a reading: the replies to post, and the job's counts. */
export const autoResponderCommentsAnswerSchema = z.object({
  replies: z.array(z.object({ commentId: z.string(), text: z.string() })),
  counts: autoResponderCountsSchema,
});
export type AutoResponderCommentsAnswer = z.infer<typeof autoResponderCommentsAnswerSchema>;

/** The extension posted a reply, or could not. */
export const autoResponderReplyReportSchema = z
  .object({
    /** The comment it answered. */
    commentId: z.string().trim().min(1).max(300),
    outcome: z.enum(['posted', 'failed']),
    /** Why it failed, in the extension's words. */
    reason: z.string().trim().max(500).optional(),
  })
  .strict();
export type AutoResponderReplyReport = z.infer<typeof autoResponderReplyReportSchema>;
