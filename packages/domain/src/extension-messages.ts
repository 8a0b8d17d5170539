import { isSocialPlatform } from './constants';
import type { SocialPlatform } from './constants';

/** Types of the messages the web app and the extension send each other through `window.postMessage` (SPEC §7). */
export const EXTENSION_MESSAGE_TYPES = [
  'check_extension',
  'log_in',
  'open_queue_processor',
  'wait_a_bit',
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

/** A message from the web app to the extension. */
export type ExtensionMessage =
  CheckExtensionMessage | LogInMessage | OpenQueueProcessorMessage | WaitABitMessage;

/** The extension's answer to check_extension. */
export interface CheckExtensionResult {
  type: 'check_extension_result';
  status: 'ok' | 'not_logged_in';
}

/** What the web app knows about the extension: no answer, an answer without a session, or ready (SPEC §4). */
export type ExtensionStatus = 'not_installed' | 'not_logged_in' | 'ok';

/** How often the web app asks for the extension and how long it waits for the answer. */
export const EXTENSION_CHECK = { intervalMs: 10_000, replyTimeoutMs: 1000 } as const;

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
    default:
      return false;
  }
}

/** Checks that a value is the extension's answer to check_extension. */
export function isCheckExtensionResult(value: unknown): value is CheckExtensionResult {
  return (
    isRecord(value) &&
    value.type === 'check_extension_result' &&
    (value.status === 'ok' || value.status === 'not_logged_in')
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
