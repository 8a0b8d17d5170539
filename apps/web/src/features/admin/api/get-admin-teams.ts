import type { SubscriptionStatus, TierValue } from '@grouptrack/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';
import type { AdminPage, AdminSearch } from './get-admin-users';
import { formatSearchParams } from './get-admin-users';

/** What is stored about a team's plan, as operators edit it. */
export interface AdminTeamSubscription {
  status: SubscriptionStatus;
  tier: TierValue;
  trialEndsAt: string | null;
  facebookPlan: string | null;
  instagramPlan: string | null;
  contactBlocks: number;
  extraSeats: number;
}

/** A team in the operators' search. */
export interface AdminTeamRow {
  teamUID: string;
  name: string;
  owner: { uid: string; name: string; email: string };
  memberCount: number;
  subscription: AdminTeamSubscription;
}

export const adminTeamsQueryKey = ['admin', 'teams'] as const;

/** Finds teams by name, id or owner (super permission). */
export function listAdminTeams(search: AdminSearch, signal?: AbortSignal): Promise<AdminPage<AdminTeamRow>> {
  return requestData(`/api/v1/admin/teams?${formatSearchParams(search)}`, { signal });
}

export function useAdminTeams(search: AdminSearch) {
  return useQuery({
    queryKey: [...adminTeamsQueryKey, search],
    queryFn: ({ signal }) => listAdminTeams(search, signal),
    placeholderData: keepPreviousData,
  });
}
