import { TERMS_VERSION } from './constants';
import type { ContactView } from './constants';
import { isSubscriptionUsable } from './subscription';
import type { SubscriptionStatus } from './subscription';

/** What the route guard knows about the signed-in user. */
export interface RouteGuardUser {
  passwordSet: boolean;
  termsVersion: string | null;
  defaultContactView: ContactView | null;
}

/** Input of decideRoute: where the user is going and what is known about them. */
export interface RouteGuardInput {
  path: string;
  search?: string;
  needsAuth: boolean;
  user: RouteGuardUser | null;
  subscriptionStatus: SubscriptionStatus | null;
  pendingInviteCode: string | null;
  /** True while the operator has the app in maintenance; only then does /maintenance stay open. */
  isUnderMaintenance?: boolean;
}

/** The route guard's answer: stay, or go elsewhere. */
export type RouteDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

const ALLOW: RouteDecision = { kind: 'allow' };

/** Decides whether a navigation may go ahead, applying SPEC §4's six guard steps in order. */
export function decideRoute(input: RouteGuardInput): RouteDecision {
  const { user, pendingInviteCode } = input;
  const path = normalizePath(input.path);
  // Signing out must always work, whatever state the account is in.
  if (path === '/logout') {
    return ALLOW;
  }
  if (user && !user.passwordSet) {
    return redirectUnlessHere(path, '/password-reset?initial=true');
  }
  if (user && user.termsVersion !== TERMS_VERSION) {
    return redirectUnlessHere(path, '/accept-terms');
  }
  if (path === '/maintenance' && input.isUnderMaintenance !== true) {
    return redirectUnlessHere(path, '/contacts/pipeline');
  }
  if (input.needsAuth && !user) {
    return redirectUnlessHere(path, `/login?next=${encodeURIComponent(path + formatSearch(input.search))}`);
  }
  // Billing and team pages are how a lapsed team pays or joins another team, so they stay open.
  if (user && !isSubscriptionUsable(input.subscriptionStatus) && !isUnder(path, '/profile')) {
    return pendingInviteCode
      ? redirectUnlessHere(path, `/profile/team?inviteCode=${encodeURIComponent(pendingInviteCode)}`)
      : redirectUnlessHere(path, '/profile/billing');
  }
  if (path === '/') {
    return redirectUnlessHere(path, `/contacts/${user?.defaultContactView ?? 'pipeline'}`);
  }
  return ALLOW;
}

/** Sanitizes a `next` parameter to a same-site absolute path, falling back to '/'. */
export function sanitizeNextPath(next: string | null | undefined): string {
  if (typeof next !== 'string' || !next.startsWith('/')) {
    return '/';
  }
  // Browsers read '//host', '/\host' and paths with tabs or newlines stripped as another site.
  if (next.startsWith('//') || [...next].some(isUnsafeUrlChar)) {
    return '/';
  }
  return next;
}

function isUnsafeUrlChar(char: string): boolean {
  const code = char.charCodeAt(0);
  return char === '\\' || code < 0x20 || code === 0x7f;
}

function redirectUnlessHere(path: string, to: string): RouteDecision {
  const targetPath = normalizePath(to.split('?')[0] ?? to);
  return targetPath === path ? ALLOW : { kind: 'redirect', to };
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function formatSearch(search: string | undefined): string {
  if (!search || search === '?') {
    return '';
  }
  return search.startsWith('?') ? search : `?${search}`;
}
