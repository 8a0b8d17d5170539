/** An app-wide change the server announces on `GET /api/v1/me/events` (`event: app`). */
export type AppEvent =
  { kind: 'app-version'; version: string } | { kind: 'app-notification'; op: string; notificationId: string };

/** Parses the data of an `app` event, or returns null for anything this app does not know. */
export function parseAppEvent(data: string): AppEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const event = value as Record<string, unknown>;
  if (event.kind === 'app-version' && typeof event.version === 'string' && event.version !== '') {
    return { kind: 'app-version', version: event.version };
  }
  if (event.kind === 'app-notification') {
    return {
      kind: 'app-notification',
      op: typeof event.op === 'string' ? event.op : 'change',
      notificationId: typeof event.notificationId === 'string' ? event.notificationId : '',
    };
  }
  return null;
}

export interface AppEventHandlers {
  onEvent: (event: AppEvent) => void;
  /** Runs when the stream is back after a break, so the caller can catch up on what it missed. */
  onReconnect: () => void;
}

/** Listens to the signed-in user's app-wide events; returns a function that stops listening. */
export function subscribeToAppEvents({ onEvent, onReconnect }: AppEventHandlers): () => void {
  const source = new EventSource('/api/v1/me/events', { withCredentials: true });
  let hasOpened = false;
  source.addEventListener('open', () => {
    if (hasOpened) onReconnect();
    hasOpened = true;
  });
  source.addEventListener('app', (message: MessageEvent<string>) => {
    const event = parseAppEvent(message.data);
    if (event) onEvent(event);
  });
  return () => source.close();
}
