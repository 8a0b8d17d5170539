/** An app-wide event the server announces on `GET /api/v1/me/events` (`event: app`). */
export type AppEvent =
  | { kind: 'app-version'; version: string }
  | { kind: 'app-notification'; op: string; notificationId: string }
  /** A task reminder for the signed-in user (the server sends each user only their own). */
  | { kind: 'reminder'; teamUID: string; reminderUID: string; taskName: string; dueAt: string }
  /** Something new in the signed-in user's inbox (the server sends each user only their own). */
  | { kind: 'inbox'; teamUID: string; itemUID: string }
  /** One of the signed-in user's imports ended (the server sends each user only their own). */
  | {
      kind: 'import-finished';
      teamUID: string;
      importId: string;
      fileName: string;
      status: string;
      created: number;
      updated: number;
      refused: number;
      warnings: number;
    };

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

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
      notificationId: text(event.notificationId),
    };
  }
  if (event.kind === 'reminder' && typeof event.taskName === 'string' && typeof event.teamUID === 'string') {
    return {
      kind: 'reminder',
      teamUID: event.teamUID,
      reminderUID: text(event.reminderUID),
      taskName: event.taskName,
      dueAt: text(event.dueAt),
    };
  }
  if (event.kind === 'inbox' && typeof event.teamUID === 'string') {
    return { kind: 'inbox', teamUID: event.teamUID, itemUID: text(event.itemUID) };
  }
  if (event.kind === 'import-finished' && typeof event.teamUID === 'string') {
    return {
      kind: 'import-finished',
      teamUID: event.teamUID,
      importId: text(event.importId),
      fileName: text(event.fileName),
      status: text(event.status),
      created: count(event.created),
      updated: count(event.updated),
      refused: count(event.refused),
      warnings: count(event.warnings),
    };
  }
  return null;
}

export interface AppEventHandlers {
  onEvent: (event: AppEvent) => void;
  /** Runs when the stream is back after a break, so the caller can catch up on what it missed. */
  onReconnect: () => void;
}

// One EventSource for the page, shared by every listener: browsers allow few connections per host.
let shared: { source: EventSource; listeners: Set<AppEventHandlers> } | null = null;

/** Listens to the signed-in user's app-wide events; returns a function that stops listening. */
export function subscribeToAppEvents(handlers: AppEventHandlers): () => void {
  if (!shared) {
    const source = new EventSource('/api/v1/me/events', { withCredentials: true });
    const listeners = new Set<AppEventHandlers>();
    let hasOpened = false;
    source.addEventListener('open', () => {
      if (hasOpened) for (const each of listeners) each.onReconnect();
      hasOpened = true;
    });
    source.addEventListener('app', (message: MessageEvent<string>) => {
      const event = parseAppEvent(message.data);
      if (event) for (const each of listeners) each.onEvent(event);
    });
    shared = { source, listeners };
  }
  const current = shared;
  current.listeners.add(handlers);
  return () => {
    current.listeners.delete(handlers);
    if (current.listeners.size === 0) {
      current.source.close();
      if (shared === current) shared = null;
    }
  };
}
