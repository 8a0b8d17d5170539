/** The groups of the open tasks on /tasks, in the order they show. */
export type TaskGroup = 'overdue' | 'today' | 'upcoming';

export const TASK_GROUP_LABELS: Record<TaskGroup, string> = {
  overdue: 'Overdue',
  today: 'Today',
  upcoming: 'Upcoming',
};

/** Finds a task's group: overdue once its due moment passed, today until midnight, else upcoming. */
export function findTaskGroup({ actualDueDate, now }: { actualDueDate: string; now: Date }): TaskGroup {
  const due = new Date(actualDueDate).getTime();
  if (due < now.getTime()) return 'overdue';
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
  return due < tomorrow ? 'today' : 'upcoming';
}

/** Splits open tasks into their groups, keeping their order (soonest due first). */
export function groupTasks<T extends { actualDueDate: string }>(tasks: readonly T[], now: Date) {
  const groups: Record<TaskGroup, T[]> = { overdue: [], today: [], upcoming: [] };
  for (const task of tasks) groups[findTaskGroup({ actualDueDate: task.actualDueDate, now })].push(task);
  return groups;
}

/** Writes when a task is due, in the reader's time: "Today, 8:00 AM", "Tomorrow, …" or a date. */
export function formatDue({ actualDueDate, now }: { actualDueDate: string; now: Date }): string {
  const due = new Date(actualDueDate);
  const time = due.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  const dayOffset = Math.round(
    (new Date(due.getFullYear(), due.getMonth(), due.getDate()).getTime() -
      new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime()) /
      86_400_000,
  );
  if (dayOffset === 0) return `Today, ${time}`;
  if (dayOffset === 1) return `Tomorrow, ${time}`;
  if (dayOffset === -1) return `Yesterday, ${time}`;
  const date = due.toLocaleDateString(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(due.getFullYear() !== now.getFullYear() && { year: 'numeric' }),
  });
  return `${date}, ${time}`;
}
