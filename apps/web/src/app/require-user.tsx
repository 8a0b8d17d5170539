import { decideRoute, isBaseDataReady } from '@grouptrack/domain';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMe } from './signed-in-user';
import { BaseDataError, BaseDataLoader } from '../features/shell';
import { isApiError } from '../lib/api-client';
import { findPendingInviteCode } from '../lib/pending-invite';
import type { NeededBaseData } from './base-data/base-lists';
import { useBaseData } from './base-data/use-base-data';

export interface RequireUserProps {
  /** How much of the team's base data the screens below need before they show (SPEC §4). */
  baseData: NeededBaseData;
  children: ReactNode;
}

/**
 * The route guard of every screen that needs sign-in: loads the user, applies SPEC §4's guard steps
 * through decideRoute on every navigation, then waits for the base data the screens need.
 */
export function RequireUser({ baseData: needed, children }: RequireUserProps) {
  const me = useMe();
  const { pathname, search } = useLocation();
  const { state, failure } = useBaseData(me, needed);

  // SPEC §4 and §8: no data after all polls, or a user record that is gone, signs the user out.
  if (state.outcome === 'signed-out') return <Navigate to="/logout" replace />;

  const isSignedOut = isApiError(me.error, 401);
  const user = isSignedOut ? null : (me.data ?? null);
  if (user || isSignedOut) {
    const decision = decideRoute({
      path: pathname,
      search,
      needsAuth: true,
      user,
      subscriptionStatus: user?.subscription.status ?? null,
      pendingInviteCode: findPendingInviteCode(),
    });
    if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  }

  if (user && (needed === 'none' || isBaseDataReady(state, needed))) return children;
  if (failure) {
    return (
      <BaseDataError
        listLabel={failure.label}
        error={failure.error}
        onRetry={failure.retry}
        isRetrying={failure.isRetrying}
      />
    );
  }
  return <BaseDataLoader isRetrying={me.isError || me.failureCount > 0} />;
}
