import type { InboxItem } from '@grouptrack/domain';

/** What a finished bulk action did, before "N contacts"; an action added later reads as "Done for". */
const BULK_DONE: Record<string, string> = {
  addTags: 'Tags added to',
  removeTags: 'Tags taken off',
  moveStage: 'Moved',
  addToPipeline: 'Added to a pipeline:',
  removeFromPipeline: 'Taken out of a pipeline:',
  createTask: 'Tasks created for',
  export: 'Export ready:',
  delete: 'Deleted',
  undo: 'Undone for',
};

const contacts = (count: number) => `${count} ${count === 1 ? 'contact' : 'contacts'}`;

/** How the bell shows an inbox item: its line, and the page it opens. */
export function describeInboxItem(item: InboxItem): { title: string; detail: string | null; to: string } {
  switch (item.kind) {
    case 'member-joined':
      return { title: `${item.data.name} joined the team`, detail: null, to: '/profile/team' };
    case 'task-assigned':
      return {
        title:
          item.data.count !== undefined && item.data.count > 1
            ? `${item.data.byName} gave you ${item.data.count} tasks: ${item.data.taskName}`
            : `${item.data.byName} gave you a task: ${item.data.taskName}`,
        detail: null,
        to: '/tasks',
      };
    case 'bulk-finished':
      return {
        title: `${BULK_DONE[item.data.action] ?? 'Done for'} ${contacts(item.data.count)}`,
        detail: 'Bulk action finished',
        to: '/contacts/table',
      };
  }
}
