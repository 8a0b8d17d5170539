import { isSocialPlatform } from './constants';
import type { SocialPlatform } from './constants';

/** Types of the messages the web app and the extension send each other through `window.postMessage` (SPEC §7). */
export const EXTENSION_MESSAGE_TYPES = [
  'check_extension',
  'log_in',
  'open_queue_processor',
  'wait_a_bit',
  'send_queue_item',
  'read_post',
  'reply_to_comment',
] as const;

/** One of the message types of EXTENSION_MESSAGE_TYPES. */
export type ExtensionMessageType = (typeof EXTENSION_MESSAGE_TYPES)[number];

/** Asks the extension whether it is installed and signed in; it answers with a CheckExtensionResult. */
export interface CheckExtensionMessage {
  type: 'check_extension';
}

/** Hands the extension a one-time code from POST /api/v1/authorize/extension to exchange for its own session. */
export interface LogInMessage {
  type: 'log_in';
  code: string;
}

/** Asks the extension to open the queue processor tab of a platform. */
export interface OpenQueueProcessorMessage {
  type: 'open_queue_processor';
  platform: SocialPlatform;
}

/** Asks the extension to hold its next automated action for a moment, e.g. while the user works a contact. */
export interface WaitABitMessage {
  type: 'wait_a_bit';
}

/**
 * Asks the extension to send one leased queue item in the person's conversation on the platform:
 * the queue processor tab sends it, and reports the answer to the server with the lease id.
 */
export interface SendQueueItemMessage {
  type: 'send_queue_item';
  platform: SocialPlatform;
  /** The server's lease: the extension types nothing once it has run out. */
  leaseId: string;
  leaseUntil: string;
  /** An earlier lease ran out while sending: look in the thread for the text before anything else. */
  checkThreadFirst: boolean;
  itemId: string;
  text: string;
  /** The person's profile on the platform, which says where the conversation opens. */
  profile: { profileId: string | null; username: string | null; url: string | null };
}

/** Asks the extension to open a tracked post in the platform's work tab and read its comments (Auto Responder). */
export interface ReadPostMessage {
  type: 'read_post';
  platform: SocialPlatform;
  permalinkURL: string;
}

/** Asks the extension to answer one comment of a tracked post, in the platform's work tab. */
export interface ReplyToCommentMessage {
  type: 'reply_to_comment';
  platform: SocialPlatform;
  permalinkURL: string;
  commentId: string;
  text: string;
}

/** A message from the web app to the extension. */
export type ExtensionMessage =
  | CheckExtensionMessage
  | LogInMessage
  | OpenQueueProcessorMessage
  | WaitABitMessage
  | SendQueueItemMessage
  | ReadPostMessage
  | ReplyToCommentMessage;

/** One comment as the extension reads it from a post (the capture package's PostComment). */
export interface ReadComment {
  commentId: string;
  parentCommentId: string | null;
  authorName: string | null;
  profileId: string | null;
  username: string | null;
  profileUrl: string | null;
  text: string;
}

/**
 * The extension's answer to read_post: the comments read, or why none were (failed), or nothing done
 * at all (not-sent: held by wait_a_bit, or the platform's work tab busy with another action).
 */
export interface ReadPostResult {
  type: 'read_post_result';
  outcome: 'read' | 'failed' | 'not-sent';
  reason: string | null;
  comments: ReadComment[];
}

/** The extension's answer to reply_to_comment. */
export interface ReplyToCommentResult {
  type: 'reply_to_comment_result';
  outcome: 'posted' | 'already-posted' | 'failed' | 'not-sent';
  reason: string | null;
}

/**
 * What sending a queue item came to: sent (seen in the thread), already sent (found there before
 * typing), failed with the reason, blocked (the platform's notice), not logged in to the platform,
 * or not sent at all (held by wait_a_bit, the lease too short, another send under way): nothing was
 * typed, and the lease may be left to run out.
 */
export const QUEUE_SEND_OUTCOMES = [
  'sent',
  'already-sent',
  'failed',
  'blocked',
  'not-logged-in',
  'not-sent',
] as const;

/** One of QUEUE_SEND_OUTCOMES. */
export type QueueSendOutcome = (typeof QUEUE_SEND_OUTCOMES)[number];

/** The extension's answer to send_queue_item, for the lease it was asked with. */
export interface SendQueueItemResult {
  type: 'send_queue_item_result';
  leaseId: string;
  outcome: QueueSendOutcome;
  /** Why it failed, was blocked or was not sent, in words for the user; null when sent. */
  reason: string | null;
  /** Until when wait_a_bit holds sending (ms since the epoch), when that is why it was not sent. */
  holdUntil?: number;
}

/** The extension's answer to wait_a_bit: until when it holds automated actions (ms since the epoch). */
export interface WaitABitResult {
  type: 'wait_a_bit_result';
  holdUntil: number;
}

/** Who the extension is signed in as, from the server's answer to its sign-in. */
export interface ExtensionUser {
  id: string;
  name: string;
  email: string;
}

/**
 * The extension's answer to check_extension. Extensions before 0.1 answered with the status only, so
 * version and user are optional; user is there when status is 'ok'.
 */
export interface CheckExtensionResult {
  type: 'check_extension_result';
  status: 'ok' | 'not_logged_in';
  /** The extension's version (its manifest's). */
  version?: string;
  user?: ExtensionUser;
  /** Until when wait_a_bit holds automated actions (ms since the epoch), while it does. */
  holdUntil?: number;
}

/** What the web app knows about the extension: no answer, an answer without a session, or ready (SPEC §4). */
export type ExtensionStatus = 'not_installed' | 'not_logged_in' | 'ok';

/**
 * How often the web app asks for the extension and how long it waits for the answer: an extension's
 * service worker that was asleep takes more than a second to wake on a busy machine, and a missed
 * answer reads as "not installed" until the next check.
 */
export const EXTENSION_CHECK = { intervalMs: 10_000, replyTimeoutMs: 3000 } as const;

/** Checks that a value is a well-formed message for the extension. */
export function isExtensionMessage(value: unknown): value is ExtensionMessage {
  if (!isRecord(value)) {
    return false;
  }
  switch (value.type) {
    case 'check_extension':
    case 'wait_a_bit':
      return true;
    case 'log_in':
      return typeof value.code === 'string' && value.code !== '';
    case 'open_queue_processor':
      return isSocialPlatform(value.platform);
    case 'send_queue_item':
      return (
        isSocialPlatform(value.platform) &&
        isFilledString(value.leaseId) &&
        isFilledString(value.leaseUntil) &&
        typeof value.checkThreadFirst === 'boolean' &&
        isFilledString(value.itemId) &&
        isFilledString(value.text) &&
        isRecipientProfile(value.profile)
      );
    case 'read_post':
      return isSocialPlatform(value.platform) && isFilledString(value.permalinkURL);
    case 'reply_to_comment':
      return (
        isSocialPlatform(value.platform) &&
        isFilledString(value.permalinkURL) &&
        isFilledString(value.commentId) &&
        isFilledString(value.text)
      );
    default:
      return false;
  }
}

/** Checks that a value is the extension's answer to read_post. */
export function isReadPostResult(value: unknown): value is ReadPostResult {
  return (
    isRecord(value) &&
    value.type === 'read_post_result' &&
    ['read', 'failed', 'not-sent'].includes(value.outcome as string) &&
    (value.reason === null || typeof value.reason === 'string') &&
    Array.isArray(value.comments)
  );
}

/** Checks that a value is the extension's answer to reply_to_comment. */
export function isReplyToCommentResult(value: unknown): value is ReplyToCommentResult {
  return (
    isRecord(value) &&
    value.type === 'reply_to_comment_result' &&
    ['posted', 'already-posted', 'failed', 'not-sent'].includes(value.outcome as string) &&
    (value.reason === null || typeof value.reason === 'string')
  );
}

/** Checks that a value is the extension's answer to send_queue_item. */
export function isSendQueueItemResult(value: unknown): value is SendQueueItemResult {
  return (
    isRecord(value) &&
    value.type === 'send_queue_item_result' &&
    typeof value.leaseId === 'string' &&
    (QUEUE_SEND_OUTCOMES as readonly unknown[]).includes(value.outcome) &&
    (value.reason === null || typeof value.reason === 'string') &&
    (value.holdUntil === undefined || typeof value.holdUntil === 'number')
  );
}

/** Checks that a value is the extension's answer to wait_a_bit. */
export function isWaitABitResult(value: unknown): value is WaitABitResult {
  return isRecord(value) && value.type === 'wait_a_bit_result' && typeof value.holdUntil === 'number';
}

function isFilledString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function isRecipientProfile(value: unknown): boolean {
  return (
    isRecord(value) &&
    ['profileId', 'username', 'url'].every((key) => value[key] === null || typeof value[key] === 'string')
  );
}

/** Checks that a value is the extension's answer to check_extension. */
export function isCheckExtensionResult(value: unknown): value is CheckExtensionResult {
  return (
    isRecord(value) &&
    value.type === 'check_extension_result' &&
    (value.status === 'ok' || value.status === 'not_logged_in') &&
    (value.version === undefined || typeof value.version === 'string') &&
    (value.user === undefined || isExtensionUser(value.user))
  );
}

function isExtensionUser(value: unknown): value is ExtensionUser {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    typeof value.email === 'string'
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The HTTP methods a frame's data call may use. */
export const FRAME_API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** One of FRAME_API_METHODS. */
export type FrameApiMethod = (typeof FRAME_API_METHODS)[number];

/**
 * A data call from a GroupTrack page shown by the extension in a frame (/bex/*, /ext/popup) to the
 * extension, which makes it with its own session (SPEC §7: inside the extension the same data calls go
 * through a browser messaging port). The frame carries no cookies of its own.
 */
export interface FrameApiRequest {
  type: 'gt_api_request';
  /** Pairs the answer with the call. */
  id: string;
  method: FrameApiMethod;
  /** The path and query under the server, e.g. /api/v1/me: only /api/ and /search/ (isFrameApiPath). */
  path: string;
  body?: unknown;
}

/** The extension's answer to a FrameApiRequest: the server's status and JSON body, or status 0 when unreachable. */
export interface FrameApiResponse {
  type: 'gt_api_response';
  id: string;
  status: number;
  body: unknown;
}

/** A frame asks the extension to forget its session (the popup's "Sign out"). */
export interface FrameSignOutRequest {
  type: 'gt_sign_out';
}

/** What a frame may send to the extension. */
export type FrameRequest = FrameApiRequest | FrameSignOutRequest;

/**
 * The extension's connection to its server, pushed to the frames when it changes: signed in and
 * reachable, signed out, or the server does not answer (the message says where it was looked for).
 */
export interface FrameConnectionState {
  type: 'gt_connection';
  state: 'ok' | 'not_logged_in' | 'unreachable';
  serverUrl: string | null;
  message: string | null;
}

/** What the extension may send to a frame. */
export type FrameMessage = FrameApiResponse | FrameConnectionState;

/** The message shown when the extension's server does not answer. */
export function unreachableMessage(serverUrl: string): string {
  return `Can't reach GroupTrack at ${serverUrl}`;
}

/**
 * Whether a frame may reach a path through the extension: the data API (/api/…, /search/…) only, not the
 * sign-in machinery (/api/auth/…) that the extension's token must never drive, and nothing that could
 * step out of those folders or to another host.
 */
export function isFrameApiPath(path: string): boolean {
  if (!/^\/(api|search)\//.test(path) || path.startsWith('/api/auth/')) return false;
  if (/[\\#\s]/.test(path) || path.includes('//')) return false;
  const pathname = path.split('?')[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return (
    !decoded.split('/').some((segment) => segment === '..' || segment === '.') && !decoded.includes('\\')
  );
}

/** Checks that a value is a well-formed request from a frame to the extension. */
export function isFrameRequest(value: unknown): value is FrameRequest {
  if (!isRecord(value)) return false;
  if (value.type === 'gt_sign_out') return true;
  return (
    value.type === 'gt_api_request' &&
    typeof value.id === 'string' &&
    value.id !== '' &&
    value.id.length <= 100 &&
    (FRAME_API_METHODS as readonly unknown[]).includes(value.method) &&
    typeof value.path === 'string' &&
    isFrameApiPath(value.path)
  );
}

/** Checks that a value is a message from the extension to a frame. */
export function isFrameMessage(value: unknown): value is FrameMessage {
  if (!isRecord(value)) return false;
  if (value.type === 'gt_api_response') {
    return typeof value.id === 'string' && typeof value.status === 'number';
  }
  return (
    value.type === 'gt_connection' &&
    (value.state === 'ok' || value.state === 'not_logged_in' || value.state === 'unreachable')
  );
}

/** The extension's answer to log_in: signed in as whom, or why not (the server refused the code, or was not reached). */
export type LogInResult =
  | { type: 'log_in_result'; status: 'ok'; user: ExtensionUser }
  | { type: 'log_in_result'; status: 'failed'; message: string };

/** Checks that a value is the extension's answer to log_in. */
export function isLogInResult(value: unknown): value is LogInResult {
  if (!isRecord(value) || value.type !== 'log_in_result') return false;
  if (value.status === 'ok') return isExtensionUser(value.user);
  return value.status === 'failed' && typeof value.message === 'string';
}
