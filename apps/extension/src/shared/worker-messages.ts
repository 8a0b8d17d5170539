import { isExtensionMessage } from '@grouptrack/domain';
import type { SelectorMiss, SelectorPack } from '@grouptrack/capture';
import type {
  ExtensionMessage,
  ExtensionUser,
  MemberRequestBatch,
  MemberRequestBatchResult,
  MemberRequestOutcomeReport,
  MemberRequestPlatform,
  MemberRequestWork,
  ReadComment,
  SocialPlatform,
} from '@grouptrack/domain';

/** The name of the port frames' relays open to the service worker for data calls. */
export const API_PORT_NAME = 'grouptrack-api';

/** A message the bridge content script relays from the web app's page to the service worker. */
export interface BridgeEnvelope {
  kind: 'web';
  message: ExtensionMessage;
}

/** What the popup and options pages ask the service worker. */
export type PageRequest =
  | { kind: 'get_state' }
  | { kind: 'sign_out' }
  | { kind: 'retry_connection' }
  | { kind: 'register_server'; origin: string };

/** The extension's state as the popup and options pages show it. */
export interface ExtensionState {
  version: string;
  /** Where "Sign in" goes: the entered address, else the signed-in server, else the default. */
  serverAddress: string;
  user: ExtensionUser | null;
  serverUrl: string | null;
  /** The message to show when the server does not answer, else null. */
  unreachable: string | null;
}

export function isBridgeEnvelope(value: unknown): value is BridgeEnvelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'web' &&
    isExtensionMessage((value as { message?: unknown }).message)
  );
}

export function isPageRequest(value: unknown): value is PageRequest {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, origin } = value as { kind?: unknown; origin?: unknown };
  return (
    kind === 'get_state' ||
    kind === 'sign_out' ||
    kind === 'retry_connection' ||
    (kind === 'register_server' && typeof origin === 'string')
  );
}

/** A data call through the port: the frame's request without its frame-protocol type. */
export interface PortApiRequest {
  id: string;
  method: string;
  path: string;
  body?: unknown;
}

/** What the content scripts on the social sites ask the service worker. */
export type ContentRequest =
  | { kind: 'get_capture_context' }
  | { kind: 'report_misses'; misses: SelectorMiss[] }
  | { kind: 'capture_member_requests'; batch: MemberRequestBatch }
  | { kind: 'member_request_work'; platform: MemberRequestPlatform; groupId: string }
  | { kind: 'member_request_outcome'; requestId: string; outcome: MemberRequestOutcomeReport['outcome'] }
  | ConversationStopRequest
  | { kind: 'conversation_page_ready' };

/**
 * A conversation the user has open shows a new message the queue did not send: the person replied,
 * or the user wrote by hand (any of `texts`, the new messages of theirs, that the queue did not
 * send). The worker cancels the person's waiting messages on the platform.
 */
export interface ConversationStopRequest {
  kind: 'conversation_stop';
  platform: SocialPlatform;
  /** The person's profile addresses on the platform, by id first, to find their contact by. */
  profileUrls: string[];
  reason: 'replied' | 'wrote-by-hand';
  /** The viewer's new messages, for wrote-by-hand: those the queue sent are no hand's. */
  texts: string[];
}

/** What the worker did with a conversation stop: cancelled messages, or nothing to stop. */
export type ConversationStopAnswer =
  { stopped: true; cancelled: number } | { stopped: false; message: string | null };

/** What the worker asks the content script of a work tab: send a queued message in the conversation open there. */
export interface SendInConversationRequest {
  kind: 'send_in_conversation';
  text: string;
  checkThreadFirst: boolean;
}

/** What sending in a conversation came to (send_queue_item's outcomes, less those decided in the worker). */
export interface SendInConversationAnswer {
  outcome: 'sent' | 'already-sent' | 'failed' | 'blocked' | 'not-logged-in';
  reason: string | null;
}

export function isSendInConversationRequest(value: unknown): value is SendInConversationRequest {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, text, checkThreadFirst } = value as Record<string, unknown>;
  return kind === 'send_in_conversation' && typeof text === 'string' && typeof checkThreadFirst === 'boolean';
}

/** What the worker asks the content script of a work tab on a tracked post (the Auto Responder). */
export type PostWorkRequest =
  { kind: 'read_post_comments' } | { kind: 'reply_to_comment'; commentId: string; text: string };

/** What answering a comment came to (reply_to_comment's outcomes, less those decided in the worker). */
export interface ReplyToCommentAnswer {
  outcome: 'posted' | 'already-posted' | 'failed';
  reason: string | null;
}

/** The comments of the post open in the tab, or why they could not be read. */
export type ReadPostCommentsAnswer = { ok: true; comments: ReadComment[] } | { ok: false; reason: string };

export function isPostWorkRequest(value: unknown): value is PostWorkRequest {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, commentId, text } = value as Record<string, unknown>;
  return (
    kind === 'read_post_comments' ||
    (kind === 'reply_to_comment' && typeof commentId === 'string' && typeof text === 'string')
  );
}

/** The decisions waiting on a group's page, or why they could not be read. */
export type RequestWorkAnswer = { ok: true; work: MemberRequestWork } | { ok: false; message: string };

/** What capturing a batch of member requests came to: the server's result, or why there is none. */
export type CaptureRequestsAnswer =
  { ok: true; result: MemberRequestBatchResult } | { ok: false; message: string };

/** What a content script needs to read a page: whether to show anything, where, and the packs in use. */
export interface CaptureContext {
  signedIn: boolean;
  /** The signed-in server's origin, whose /bex pages the content script frames. */
  serverUrl: string | null;
  packs: Record<SocialPlatform, SelectorPack>;
}

/** At most this many misses are reported from one page load: a page that changed misses the same ones. */
export const MISSES_PER_REPORT = 20;

export function isContentRequest(value: unknown): value is ContentRequest {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, misses, batch, platform, groupId, requestId, outcome } = value as Record<string, unknown>;
  if (kind === 'get_capture_context' || kind === 'conversation_page_ready') return true;
  if (kind === 'conversation_stop') {
    const { profileUrls, reason, texts } = value as Record<string, unknown>;
    return (
      typeof platform === 'string' &&
      (reason === 'replied' || reason === 'wrote-by-hand') &&
      Array.isArray(profileUrls) &&
      profileUrls.every((url) => typeof url === 'string') &&
      Array.isArray(texts) &&
      texts.every((text) => typeof text === 'string')
    );
  }
  if (kind === 'member_request_work') return typeof platform === 'string' && typeof groupId === 'string';
  if (kind === 'member_request_outcome') return typeof requestId === 'string' && typeof outcome === 'string';
  // The server checks the batch itself, and refuses it whole with the reason.
  if (kind === 'capture_member_requests') return typeof batch === 'object' && batch !== null;
  return (
    kind === 'report_misses' &&
    Array.isArray(misses) &&
    misses.length <= MISSES_PER_REPORT &&
    misses.every(
      (miss: unknown) =>
        typeof miss === 'object' &&
        miss !== null &&
        typeof (miss as SelectorMiss).platform === 'string' &&
        typeof (miss as SelectorMiss).pageKind === 'string' &&
        typeof (miss as SelectorMiss).selectorId === 'string',
    )
  );
}
