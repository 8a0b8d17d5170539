import type { MessageTemplate } from '@grouptrack/domain';
import { useQuery } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/** The team's message templates to queue from, shared with Setup's cache and refreshed as it is. */
export function useQueueTemplates(teamUID: string) {
  return useQuery({
    queryKey: teamKeys.messageTemplates(teamUID),
    queryFn: ({ signal }) =>
      requestData<MessageTemplate[]>(teamPath(teamUID, 'message-templates'), { signal }),
  });
}

/** The templates as a picker lists them: by category, then by name. */
export function groupTemplateOptions(templates: readonly MessageTemplate[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const template of templates) {
    const group = template.category.trim() || 'No category';
    groups.set(group, [...(groups.get(group) ?? []), { value: template.templateUID, label: template.name }]);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}
