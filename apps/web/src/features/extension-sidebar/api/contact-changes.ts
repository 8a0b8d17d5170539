import type { Contact, LoggedMessage, MessageTemplate, SocialPlatform, Task } from '@grouptrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contactPath, requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';
import { useRefreshCoreData } from './core-data';

// The sidebar's changes to the person on screen, each through the route the contact page uses;
// each reads the person again once the server has answered.

/** Moves the contact to a stage of a pipeline, or adds them to a pipeline (its first stage without one). */
export function useSetStage(teamUID: string, GTID: string) {
  const refresh = useRefreshCoreData(teamUID);
  return useMutation({
    mutationFn: ({ pipelineId, stageId }: { pipelineId: string; stageId?: string }) =>
      requestData<Contact>(contactPath(teamUID, GTID, 'pipelines', pipelineId), {
        method: 'PUT',
        body: stageId ? { stageId } : {},
      }),
    onSettled: refresh,
    meta: { isErrorShownInline: true },
  });
}

/** Tags or untags the contact. */
export function useToggleTag(teamUID: string, GTID: string) {
  const refresh = useRefreshCoreData(teamUID);
  return useMutation({
    mutationFn: ({ tagId, isAdding }: { tagId: string; isAdding: boolean }) =>
      requestData<undefined>(contactPath(teamUID, GTID, 'tags', tagId), {
        method: isAdding ? 'PUT' : 'DELETE',
      }),
    onSettled: refresh,
    meta: { isErrorShownInline: true },
  });
}

/** Adds a note to the contact. */
export function useAddNote(teamUID: string, GTID: string) {
  const refresh = useRefreshCoreData(teamUID);
  return useMutation({
    mutationFn: (text: string) =>
      requestData<unknown>(contactPath(teamUID, GTID, 'notes'), { method: 'POST', body: { text } }),
    onSettled: refresh,
    meta: { isErrorShownInline: true },
  });
}

/** A task for the contact: named and due on a day, or made from a task template. */
export type NewTask = { taskName: string; dueDate: string } | { templateUID: string };

/** Adds a task about the contact, assigned to me. */
export function useAddTask(teamUID: string, GTID: string) {
  const refresh = useRefreshCoreData(teamUID);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: NewTask) =>
      'templateUID' in task
        ? requestData<Task>(teamPath(teamUID, 'task-templates', task.templateUID, 'tasks'), {
            method: 'POST',
            body: { GTID },
          })
        : requestData<Task>(teamPath(teamUID, 'tasks'), { method: 'POST', body: { ...task, GTID } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: teamKeys.tasks(teamUID) });
      await refresh();
    },
    meta: { isErrorShownInline: true },
  });
}

/** The team's message templates (the same list and key as Setup's). */
export function useMessageTemplates(teamUID: string) {
  return useQuery({
    queryKey: teamKeys.messageTemplates(teamUID),
    queryFn: ({ signal }) =>
      requestData<MessageTemplate[]>(teamPath(teamUID, 'message-templates'), { signal }),
    meta: { isErrorShownInline: true },
  });
}

/**
 * Logs a message, as it was inserted or copied, in the contact's history, naming the template it
 * started from (null when written from scratch).
 */
export function useLogMessage(teamUID: string, GTID: string) {
  const refresh = useRefreshCoreData(teamUID);
  return useMutation({
    mutationFn: (message: { templateUID: string | null; text: string; platform: SocialPlatform }) =>
      requestData<LoggedMessage>(contactPath(teamUID, GTID, 'messages', 'copies'), {
        method: 'POST',
        body: message,
      }),
    onSettled: refresh,
    meta: { isErrorShownInline: true },
  });
}
