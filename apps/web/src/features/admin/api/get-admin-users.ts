import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';

/** A user in the operators' search. */
export interface AdminUserRow {
  uid: string;
  name: string;
  email: string;
  isSuper: boolean;
  createdAt: string;
  teamCount: number;
}

/** One page of a search, with how many rows match in all. */
export interface AdminPage<Row> {
  items: Row[];
  total: number;
}

/** A search: text to find, and which page. */
export interface AdminSearch {
  q: string;
  limit: number;
  offset: number;
}

export const adminUsersQueryKey = ['admin', 'users'] as const;

/** Builds the query string of an admin search, leaving out empty text. */
export function formatSearchParams({ q, limit, offset }: AdminSearch): string {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (q.trim() !== '') params.set('q', q.trim());
  return params.toString();
}

/** Finds users by name or email (super permission). */
export function listAdminUsers(search: AdminSearch, signal?: AbortSignal): Promise<AdminPage<AdminUserRow>> {
  return requestData(`/api/v1/admin/users?${formatSearchParams(search)}`, { signal });
}

export function useAdminUsers(search: AdminSearch) {
  return useQuery({
    queryKey: [...adminUsersQueryKey, 'search', search],
    queryFn: ({ signal }) => listAdminUsers(search, signal),
    placeholderData: keepPreviousData,
  });
}
