import type { ContactView, Subscription, TeamRole } from '@grouptrack/domain';
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { requestData } from '../lib/api-client';

/** One team the user belongs to, with their role in it. */
export interface UserTeam {
  teamUID: string;
  teamName: string;
  teamOwner: boolean;
  role: TeamRole;
}

/** A super user who is signed in as another user. */
export interface Impersonator {
  uid: string;
  name: string;
  email: string;
}

/** The signed-in user of SPEC §3, as `GET /api/v1/me` answers. */
export interface LoggedUser {
  uid: string;
  email: string;
  name: string;
  teamUID: string;
  teams: UserTeam[];
  groupAccess: Record<string, string[]>;
  passwordSet: boolean;
  termsVersion: string | null;
  defaultContactView: ContactView | null;
  /** IANA time zone: a task without a time is due at 8 am there. */
  timeZone: string;
  /** Mobile number (E.164) where SMS reminders go, or null. */
  phoneNumber: string | null;
  photoURL: string;
  currentTeam: { teamUID: string; teamOwner: boolean; role: TeamRole };
  /** Seen values of app notifications by id: 'seenDate|snoozeUntilDate' (SPEC §3). */
  notifications: Record<string, string>;
  /** Permissions from the user's custom claims; super opens /admin. */
  claims: { super: boolean };
  /** The super user signed in as this user to help them, or null. */
  impersonatedBy: Impersonator | null;
  subscription: Subscription;
}

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
