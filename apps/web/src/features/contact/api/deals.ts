import type { Deal, DealStatus } from '@grouptrack/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { contactPath, requestData } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';
import { useInvalidateContact } from './get-contact';

export type { Deal, DealStatus } from '@grouptrack/domain';

/** The fields of a deal a form sends. */
export interface DealInput {
  name?: string;
  value?: number;
  currency?: string;
  status?: DealStatus;
  pipelineId?: string | null;
}

/** The contact's deals. */
export function useDeals(teamUID: string, GTID: string) {
  return useQuery({
    queryKey: teamKeys.contactDeals(teamUID, GTID),
    queryFn: ({ signal }) => requestData<Deal[]>(contactPath(teamUID, GTID, 'deals'), { signal }),
  });
}

/** Adds a deal (id null) or changes, wins or loses one. */
export function useSaveDeal(teamUID: string, GTID: string) {
  const invalidate = useInvalidateContact(teamUID, GTID);
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: DealInput }) =>
      id
        ? requestData<Deal>(contactPath(teamUID, GTID, 'deals', id), {
            method: 'PATCH',
            body: input,
          })
        : requestData<Deal>(contactPath(teamUID, GTID, 'deals'), { method: 'POST', body: input }),
    onSettled: invalidate,
  });
}
