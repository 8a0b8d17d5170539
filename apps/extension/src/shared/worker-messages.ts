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
  | { kind: 'member_request_outcome'; requestId: string; outcome: MemberRequestOutcomeReport['outcome'] };

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
  if (kind === 'get_capture_context') return true;
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
