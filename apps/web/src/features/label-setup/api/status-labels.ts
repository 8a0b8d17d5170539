import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import type { Placement } from '../../../lib/pipelines';
import { teamKeys } from '../../../lib/query-keys';
import type { StatusLabel } from '../../../lib/status-labels';

/** One item of the list, as its routes answer it (its contract is in packages/domain). */
export type { StatusLabel };
export { useStatusLabels } from '../../../lib/status-labels';

type LabelChange =
  | { kind: 'create'; display: string; color: string }
  | { kind: 'update'; id: string; display: string; color: string }
  | { kind: 'move'; id: string; placement: Placement }
  | { kind: 'delete'; id: string };

async function changeStatusLabel(teamUID: string, change: LabelChange): Promise<StatusLabel[] | undefined> {
  switch (change.kind) {
    case 'create':
      return requestData<StatusLabel[]>(teamPath(teamUID, 'status-labels'), {
        method: 'POST',
        body: { display: change.display, color: change.color },
      });
    case 'update':
      return requestData<StatusLabel[]>(teamPath(teamUID, 'status-labels', change.id), {
        method: 'PATCH',
        body: { display: change.display, color: change.color },
      });
    case 'move':
      return requestData<StatusLabel[]>(teamPath(teamUID, 'status-labels', change.id), {
        method: 'PATCH',
        body: change.placement,
      });
    case 'delete':
      await requestData<undefined>(teamPath(teamUID, 'status-labels', change.id), {
        method: 'DELETE',
      });
      return undefined;
  }
}

/**
 * Adds, edits, moves or deletes a status label; the server answers the new list, which replaces the
 * cache. A deletion also takes the label off contacts, so boards and the Table are read again.
 */
export function useChangeStatusLabel(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: LabelChange) => changeStatusLabel(teamUID, change),
    onSuccess: async (labels) => {
      if (labels) return queryClient.setQueryData(teamKeys.statusLabels(teamUID), labels);
      await Promise.all(
        [teamKeys.statusLabels, teamKeys.boards, teamKeys.contactTable, teamKeys.contacts].map((keyOf) =>
          queryClient.invalidateQueries({ queryKey: keyOf(teamUID) }),
        ),
      );
    },
  });
}
