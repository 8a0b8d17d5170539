import { sql } from 'drizzle-orm';
import type { DirectoryDb } from './db/databases';
import type { Engine } from './db/engine';
import type { Logger } from './logger';

const CHANNEL = 'app_events';

/** An app-wide change every signed-in client hears about (SPEC §4: app version, notifications). */
export type AppEvent =
  | { kind: 'app-version'; version: string }
  | { kind: 'app-notification'; op: 'create' | 'update' | 'delete'; notificationId: string }
  /** A task reminder for one user, shown as a toast and in the bell list. */
  | {
      kind: 'reminder';
      userUID: string;
      teamUID: string;
      reminderUID: string;
      taskName: string;
      dueAt: string;
    }
  /** Something new in one member's inbox (a teammate joined, a task assigned, a bulk action finished). */
  | { kind: 'inbox'; userUID: string; teamUID: string; itemUID: string }
  /** An import ended (its file read to the end, or stopped): its starter's bell lists it. */
  | {
      kind: 'import-finished';
      userUID: string;
      teamUID: string;
      importId: string;
      fileName: string;
      status: 'completed' | 'failed';
      created: number;
      updated: number;
      refused: number;
      warnings: number;
    };

/** Announces an app-wide change; inside a transaction it is delivered only if that commits. */
export async function announceAppEvent(db: DirectoryDb, event: AppEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
}

export interface AppEventHub {
  subscribe(listener: (event: AppEvent) => void): () => void;
  /** False while the directory's LISTEN connection is down (it reconnects by itself). */
  isLive(): boolean;
  stop(): Promise<void>;
}

/** Listens on the directory and fans app-wide changes out to this process's streams. */
export async function startAppEventHub(engine: Engine, log: Logger): Promise<AppEventHub> {
  const listeners = new Set<(event: AppEvent) => void>();
  // App events are not logged: those announced while the connection is down are not sent again.
  let live = true;
  const stop = await engine.listen(
    CHANNEL,
    (payload) => {
      let event: AppEvent;
      try {
        event = JSON.parse(payload) as AppEvent;
      } catch {
        return;
      }
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          log.error({ err: error }, 'app event listener failed');
        }
      }
    },
    (connected) => {
      live = connected;
    },
  );
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isLive: () => live,
    async stop() {
      listeners.clear();
      await stop();
    },
  };
}
