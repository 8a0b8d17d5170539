import { can } from '@grouptrack/domain';
import { teamPath } from '../../lib/api-client';
import { teamKeys } from '../../lib/query-keys';
import type { LoggedUser } from '../signed-in-user';

/** The level a base-data list belongs to (SPEC §4): min lists come with the user, full lists after. */
export type BaseListLevel = 'min' | 'full';

/** The level a screen needs before it shows: nothing but the user, the min lists, or all of them. */
export type NeededBaseData = 'none' | BaseListLevel;

/** One team list loaded before the app shows; each feature reads it through its own hook with the same key. */
export interface BaseList {
  /** What the list is, for error messages: 'team members'. */
  label: string;
  level: BaseListLevel;
  /** The query key and address of the list for this user, or null when the user does not load it. */
  select: (user: LoggedUser) => { queryKey: readonly unknown[]; path: string } | null;
}

/**
 * The team lists of SPEC §4's base data. Later issues add theirs here (pipelines, tag sets, status
 * labels, …); the keys must stay equal to the ones the features' hooks use, so the features find them
 * in the cache.
 */
export const BASE_LISTS: readonly BaseList[] = [
  {
    label: 'team members',
    level: 'min',
    select: (user) => ({
      queryKey: teamKeys.members(user.currentTeam.teamUID),
      path: teamPath(user.currentTeam.teamUID, 'members'),
    }),
  },
  {
    label: 'open invitations',
    level: 'full',
    select: (user) =>
      can(user.currentTeam.role, 'manage-members')
        ? {
            queryKey: teamKeys.invitations(user.currentTeam.teamUID),
            path: teamPath(user.currentTeam.teamUID, 'invitations'),
          }
        : null,
  },
  {
    label: 'app notifications',
    level: 'full',
    select: () => ({ queryKey: ['app-notifications'], path: '/api/v1/app-notifications' }),
  },
];

/** A base list chosen for one user, ready to query. */
export interface SelectedBaseList {
  label: string;
  level: BaseListLevel;
  queryKey: readonly unknown[];
  path: string;
}

/** Chooses the lists a screen needing `needed` waits for, for this user. */
export function selectBaseLists(
  user: LoggedUser,
  needed: NeededBaseData,
  lists: readonly BaseList[] = BASE_LISTS,
): SelectedBaseList[] {
  if (needed === 'none') return [];
  return lists.flatMap((list) => {
    if (needed === 'min' && list.level === 'full') return [];
    const query = list.select(user);
    return query ? [{ label: list.label, level: list.level, ...query }] : [];
  });
}
