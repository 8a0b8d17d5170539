import type { LoggedUser } from '@grouptrack/domain';
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { requestData } from '../lib/api-client';

export type { LoggedUser } from '@grouptrack/domain';

export const meQueryKey = ['me'] as const;

/** Loads the signed-in user; rejects with a 401 ApiError when signed out. */
export function fetchMe(signal?: AbortSignal): Promise<LoggedUser> {
  return requestData<LoggedUser>('/api/v1/me', { signal });
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => fetchMe(signal),
});

/** The signed-in user, loading or failed. */
export function useMe() {
  return useQuery(meQueryOptions);
}

/** The signed-in user, for screens inside the signed-in layout, which loads it before they render. */
export function useLoggedUser(): LoggedUser {
  return useSuspenseQuery(meQueryOptions).data;
}
