import { createPushId, inboxItemSchema, type InboxItem } from '@grouptrack/domain';
import { announceAppEvent } from '../../platform/app-events';
import type { Databases, DirectoryDb, TeamDb } from '../../platform/db/databases';
import { decodeCursor, encodeCursor } from '../contacts/contact-presenter';
import type { TeamActor } from '../../platform/http/actor';
import * as repo from './inbox.repository';

/** What a new item says, by kind; its id, time and read state are added when it is written. */
export type InboxNotice = Pick<InboxItem, 'kind' | 'data'> & { userUID: string };

/** Items written in a transaction: announce them with `announceInbox` once it has committed. */
export interface WrittenInboxItems {
  teamUID: string;
  items: { userUID: string; itemUID: string }[];
}

/**
 * Writes notices to their members' inboxes inside the caller's transaction, so an item exists
 * exactly when the change it tells of does.
 */
export async function writeInbox(
  tx: TeamDb,
  teamUID: string,
  notices: InboxNotice[],
): Promise<WrittenInboxItems> {
  const rows = notices.map((notice) => ({
    teamId: teamUID,
    id: createPushId('inbox_'),
    userUid: notice.userUID,
    kind: notice.kind,
    data: notice.data,
    // Set here, to the millisecond a page cursor carries, rather than by the database's clock.
    createdAt: new Date(),
  }));
  await repo.insertInboxItems(tx, rows);
  return { teamUID, items: rows.map((row) => ({ userUID: row.userUid, itemUID: row.id })) };
}

/** Tells each recipient's open browsers that their inbox grew (after the write committed). */
export async function announceInbox(directory: DirectoryDb, written: WrittenInboxItems) {
  for (const item of written.items) {
    await announceAppEvent(directory, { kind: 'inbox', teamUID: written.teamUID, ...item });
  }
}

export type InboxService = ReturnType<typeof createInboxService>;

/** The signed-in member's own inbox in a team: nobody reads or marks another's. */
export function createInboxService(databases: Databases) {
  return {
    async listInbox(member: TeamActor, options: { before?: string | undefined; limit: number }) {
      const { teamUID, userId } = member;
      const db = databases.forTeam(teamUID);
      // One more than asked says whether there is a next page.
      const rows = await repo.listInboxItems(db, teamUID, userId, {
        before: options.before === undefined ? undefined : decodeCursor(options.before),
        limit: options.limit + 1,
      });
      const page = rows.slice(0, options.limit);
      const last = page.at(-1);
      return {
        items: page.map(presentItem),
        unread: await repo.countUnread(db, teamUID, userId),
        nextCursor: rows.length > options.limit && last ? encodeCursor(last.createdAt, last.id) : null,
      };
    },

    async markInboxRead(member: TeamActor) {
      await repo.markAllRead(databases.forTeam(member.teamUID), member.teamUID, member.userId);
    },
  };
}

function presentItem(row: repo.InboxRow): InboxItem {
  return inboxItemSchema.parse({
    itemUID: row.id,
    kind: row.kind,
    data: row.data,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  });
}
