import { isExtensionMessage } from '@grouptrack/domain';
import type { ExtensionMessage, ExtensionUser } from '@grouptrack/domain';

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
