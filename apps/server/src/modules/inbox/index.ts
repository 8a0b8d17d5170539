// What other modules use of the inbox: writing a notice in their own transaction, then announcing it.
export { announceInbox, writeInbox } from './inbox';
export type { InboxNotice, WrittenInboxItems } from './inbox';
