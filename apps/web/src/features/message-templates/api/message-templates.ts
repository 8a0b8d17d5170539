import type { LoggedMessage, MessageTemplate } from '@grouptrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contactPath, requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/** A message template, as `GET message-templates` answers (its contract is in packages/domain). */
export type { MessageTemplate };

/** What a message template is saved with. */
export type MessageTemplateFields = Omit<MessageTemplate, 'templateUID'>;

/** The team's message templates by category and name, refetched when a teammate changes one. */
export function useMessageTemplates(teamUID: string) {
  return useQuery({
    queryKey: teamKeys.messageTemplates(teamUID),
    queryFn: ({ signal }) =>
      requestData<MessageTemplate[]>(teamPath(teamUID, 'message-templates'), { signal }),
  });
}

function templatePath(teamUID: string, templateUID: string) {
  return teamPath(teamUID, 'message-templates', templateUID);
}

/** Adds a message template (templateUID null) or changes one; the server refuses unknown fields by name. */
export function useSaveMessageTemplate(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateUID, fields }: { templateUID: string | null; fields: MessageTemplateFields }) =>
      templateUID
        ? requestData<undefined>(templatePath(teamUID, templateUID), { method: 'PATCH', body: fields })
        : requestData<{ templateUID: string }>(teamPath(teamUID, 'message-templates'), {
            method: 'POST',
            body: fields,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.messageTemplates(teamUID) }),
  });
}

/** Deletes a message template. */
export function useDeleteMessageTemplate(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateUID: string) =>
      requestData<undefined>(templatePath(teamUID, templateUID), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.messageTemplates(teamUID) }),
  });
}

/**
 * Logs a message copied for a contact, as it was copied, in the contact's history, naming the
 * template it started from (null when written from scratch); the contact's page (history, last
 * contacted) then reads it again.
 */
export function useLogMessageCopy(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ GTID, text, templateUID }: { GTID: string; text: string; templateUID: string | null }) =>
      requestData<LoggedMessage>(contactPath(teamUID, GTID, 'messages', 'copies'), {
        method: 'POST',
        body: { text, templateUID },
      }),
    onSuccess: (_logged, { GTID }) =>
      queryClient.invalidateQueries({ queryKey: teamKeys.contact(teamUID, GTID) }),
  });
}
