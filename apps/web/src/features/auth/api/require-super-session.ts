import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { meQueryKey, meQueryOptions } from '../../../app/signed-in-user';
import type { LoggedUser } from '../../../app/signed-in-user';
import { sessionQueryKey } from './get-session';
import { signOut } from './sign-out';

/**
 * Checks that the account just signed in holds the super permission; otherwise signs it out again
 * and rejects with a message saying so, because operator pages must not leave a normal session behind.
 */
export async function requireSuperSession(queryClient: QueryClient): Promise<LoggedUser> {
  queryClient.removeQueries({ queryKey: meQueryKey });
  const user = await queryClient.fetchQuery(meQueryOptions);
  if (user.claims.super) return user;
  // Even if signing out fails, the message below is what the person needs to read.
  await signOut().catch(() => undefined);
  queryClient.removeQueries({ queryKey: meQueryKey });
  queryClient.setQueryData(sessionQueryKey, null);
  throw new ApiError(
    403,
    'not-super',
    `${user.email} has no admin access. Sign in with an administrator account to continue.`,
  );
}
