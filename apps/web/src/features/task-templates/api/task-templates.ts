import type { TaskTemplate } from '@grouptrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import type { ReminderChannel } from '../../tasks';
import { teamKeys } from '../../../lib/query-keys';

/** How a task made from a template reminds its assignee: a task's reminder channel. */
export type TaskReminder = ReminderChannel;

/** A task template, as `GET task-templates` answers (its contract is in packages/domain). */
export type { TaskTemplate };

/** What a task template is saved with. */
export type TaskTemplateFields = Omit<TaskTemplate, 'templateUID'>;

/** The team's task templates by category and name, refetched when a teammate changes one. */
export function useTaskTemplates(teamUID: string) {
  return useQuery({
    queryKey: teamKeys.taskTemplates(teamUID),
    queryFn: ({ signal }) => requestData<TaskTemplate[]>(teamPath(teamUID, 'task-templates'), { signal }),
  });
}

function templatePath(teamUID: string, templateUID: string) {
  return teamPath(teamUID, 'task-templates', templateUID);
}

/** Adds a task template (templateUID null) or changes one. */
export function useSaveTaskTemplate(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateUID, fields }: { templateUID: string | null; fields: TaskTemplateFields }) =>
      templateUID
        ? requestData<undefined>(templatePath(teamUID, templateUID), { method: 'PATCH', body: fields })
        : requestData<{ templateUID: string }>(teamPath(teamUID, 'task-templates'), {
            method: 'POST',
            body: fields,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.taskTemplates(teamUID) }),
  });
}

/** Deletes a task template. */
export function useDeleteTaskTemplate(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateUID: string) =>
      requestData<undefined>(templatePath(teamUID, templateUID), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.taskTemplates(teamUID) }),
  });
}
