import type { StatusLabel } from '@grouptrack/domain';
import { useQuery } from '@tanstack/react-query';
import { requestData, teamPath } from './api-client';
import { teamKeys } from './query-keys';

export type { StatusLabel };

/**
 * The team's status labels in order, refetched when a teammate changes them. Setup manages them;
 * the contact page, board cards, the Table and the filters show and pick them.
 */
export function useStatusLabels(teamUID: string) {
  return useQuery({
    queryKey: teamKeys.statusLabels(teamUID),
    queryFn: ({ signal }) => requestData<StatusLabel[]>(teamPath(teamUID, 'status-labels'), { signal }),
  });
}

/** The contact's label among the team's, or null: none, or one deleted since the contact was read. */
export function findStatusLabel(
  labels: readonly StatusLabel[] | undefined,
  labelId: string | null | undefined,
): StatusLabel | null {
  if (!labelId) return null;
  return labels?.find((label) => label.labelUID === labelId) ?? null;
}
