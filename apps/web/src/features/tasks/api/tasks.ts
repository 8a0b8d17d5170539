import type {
  CompletedTask,
  ListedTask,
  ReminderChannel,
  RepeatRule,
  Task as TaskAnswer,
} from '@grouptrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

export type { ReminderChannel } from '@grouptrack/domain';

/** A task as lists show it: with its contact's name (a created or changed task answers without it). */
export type Task = ListedTask;

/** What a list of tasks is about: whose, which status, and its filters. */
export interface TaskListQuery {
  scope: 'mine' | 'team';
  status: 'active' | 'completed';
  GTID?: string;
  assigneeUID?: string;
  pipelineID?: string;
  q?: string;
}

/** The fields of a new or changed task. */
export interface TaskInput {
  taskName: string;
  GTID: string | null;
  assigneeUID: string;
  dueDate: string;
  dueTime: string | null;
  reminder: ReminderChannel;
  repeat: RepeatRule | null;
}

/** The most tasks the page asks for at once (the server's limit). */
export const TASK_LIST_LIMIT = 500;

/** Builds the query string of a task list, leaving out empty filters. */
export function formatTaskListSearch(query: TaskListQuery): string {
  const params = new URLSearchParams({
    scope: query.scope,
    status: query.status,
    limit: String(TASK_LIST_LIMIT),
  });
  for (const key of ['GTID', 'assigneeUID', 'pipelineID', 'q'] as const) {
    const value = query[key]?.trim();
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** One list of tasks: mine or the team's, open or completed, filtered. */
export function useTasks(teamUID: string, query: TaskListQuery, { enabled = true } = {}) {
  return useQuery({
    queryKey: teamKeys.taskList(teamUID, query),
    queryFn: ({ signal }) =>
      requestData<Task[]>(`${teamPath(teamUID, 'tasks')}?${formatTaskListSearch(query)}`, { signal }),
    enabled,
  });
}

export type TaskChange =
  | { kind: 'create'; input: TaskInput }
  | { kind: 'update'; task: Task; input: TaskInput }
  | { kind: 'complete'; task: Task }
  | { kind: 'reopen'; task: Task }
  | { kind: 'delete'; task: Task }
  /** The Undo of a delete: the same task comes back. */
  | { kind: 'restore'; task: Task };

const taskPath = (teamUID: string, taskUID: string, ...segments: string[]) =>
  teamPath(teamUID, 'tasks', taskUID, ...segments);

async function changeTask(teamUID: string, change: TaskChange): Promise<unknown> {
  switch (change.kind) {
    case 'create':
      return requestData<TaskAnswer>(teamPath(teamUID, 'tasks'), { method: 'POST', body: change.input });
    case 'update':
      return requestData<TaskAnswer>(taskPath(teamUID, change.task.taskUID), {
        method: 'PATCH',
        body: change.input,
      });
    case 'complete':
    case 'reopen':
      return requestData<CompletedTask>(taskPath(teamUID, change.task.taskUID, 'complete'), {
        method: 'POST',
        body: { completed: change.kind === 'complete' },
      });
    case 'delete':
      return requestData<undefined>(taskPath(teamUID, change.task.taskUID), { method: 'DELETE' });
    case 'restore':
      return requestData<TaskAnswer>(taskPath(teamUID, change.task.taskUID, 'restore'), { method: 'POST' });
  }
}

/** How a list looks right after a change, before the server answers. */
export function applyTaskChange(list: Task[], query: TaskListQuery, change: TaskChange): Task[] {
  switch (change.kind) {
    case 'create':
      return list;
    case 'update':
      return list.map((task) =>
        task.taskUID === change.task.taskUID
          ? {
              ...task,
              taskName: change.input.taskName,
              GTID: change.input.GTID,
              assigneeUID: change.input.assigneeUID,
              dueDate: change.input.dueDate,
              dueTime: change.input.dueTime,
              reminder: change.input.reminder,
              repeatData: change.input.repeat,
            }
          : task,
      );
    case 'complete':
    case 'reopen': {
      // The task leaves the list of its old status; the other list gets it back from the server.
      const leaving = change.kind === 'complete' ? 'active' : 'completed';
      return query.status === leaving ? list.filter((task) => task.taskUID !== change.task.taskUID) : list;
    }
    case 'delete':
      return list.filter((task) => task.taskUID !== change.task.taskUID);
    case 'restore':
      // Back where the server sorts it, once the lists are read again.
      return list;
  }
}

/**
 * Creates, edits, completes, reopens or deletes a task. Lists change at once; on failure they are put
 * back, and every list is read again once the server has answered.
 */
export function useChangeTask(teamUID: string) {
  const queryClient = useQueryClient();
  const key = teamKeys.tasks(teamUID);
  return useMutation({
    mutationFn: (change: TaskChange) => changeTask(teamUID, change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueriesData<Task[]>({ queryKey: key });
      for (const [queryKey, list] of before) {
        const query = readListQuery(queryKey);
        if (list && query) queryClient.setQueryData(queryKey, applyTaskChange(list, query, change));
      }
      return { before };
    },
    onError: (_error, _change, context) => {
      for (const [queryKey, list] of context?.before ?? []) queryClient.setQueryData(queryKey, list);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

function readListQuery(queryKey: QueryKey): TaskListQuery | null {
  const query = queryKey[4];
  return queryKey[3] === 'list' && typeof query === 'object' && query !== null
    ? (query as TaskListQuery)
    : null;
}

/** Makes a task from a template, for a contact. */
export function useCreateTaskFromTemplate(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateUID, GTID }: { templateUID: string; GTID: string | null }) =>
      requestData<TaskAnswer>(teamPath(teamUID, 'task-templates', templateUID, 'tasks'), {
        method: 'POST',
        body: { GTID },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.tasks(teamUID) }),
  });
}
