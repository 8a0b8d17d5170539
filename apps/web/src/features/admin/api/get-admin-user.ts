import type { TeamRole } from '@grouptrack/domain';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';
import { adminUsersQueryKey } from './get-admin-users';

/** A time an operator signed in as the user, and why. */
export interface AdminImpersonation {
  id: string;
  superUserUID: string;
  superUserEmail: string | null;
  reason: string;
  startedAt: string;
}

/** A user as operators see them: their teams and who signed in as them lately. */
export interface AdminUserDetail {
  uid: string;
  name: string;
  email: string;
  isSuper: boolean;
  passwordSet: boolean;
  termsVersion: string | null;
  createdAt: string;
  teams: { teamUID: string; teamName: string; role: TeamRole }[];
  impersonations: AdminImpersonation[];
}

export const adminUserQueryKey = (uid: string) => [...adminUsersQueryKey, 'detail', uid] as const;

/** Loads one user with their teams and the latest 20 impersonations (super permission). */
export function getAdminUser(uid: string, signal?: AbortSignal): Promise<AdminUserDetail> {
  return requestData(`/api/v1/admin/users/${encodeURIComponent(uid)}`, { signal });
}

export function useAdminUser(uid: string | null) {
  return useQuery({
    queryKey: adminUserQueryKey(uid ?? ''),
    queryFn: ({ signal }) => getAdminUser(uid ?? '', signal),
    enabled: uid !== null,
  });
}
