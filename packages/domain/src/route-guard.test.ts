import { describe, expect, it } from 'vitest';
import { decideRoute, sanitizeNextPath } from './route-guard';
import type { RouteGuardInput, RouteGuardUser } from './route-guard';

const READY_USER: RouteGuardUser = { passwordSet: true, termsVersion: '1.0.1', defaultContactView: null };

function buildInput(overrides: Partial<RouteGuardInput> = {}): RouteGuardInput {
  return {
    path: '/tasks',
    needsAuth: true,
    user: READY_USER,
    subscriptionStatus: 'active',
    pendingInviteCode: null,
    ...overrides,
  };
}

const NO_PASSWORD = { ...READY_USER, passwordSet: false };
const OLD_TERMS = { ...READY_USER, termsVersion: '1.0.0' };
const ALLOW = { kind: 'allow' };
const redirect = (to: string) => ({ kind: 'redirect', to });

describe('decideRoute', () => {
  it.each([
    // Step 1 comes before everything else.
    {
      name: 'sends a user without a password to set one',
      input: { user: NO_PASSWORD },
      expected: redirect('/password-reset?initial=true'),
    },
    {
      name: 'puts password setup before terms',
      input: { user: { ...NO_PASSWORD, termsVersion: null } },
      expected: redirect('/password-reset?initial=true'),
    },
    {
      name: 'leaves a user without a password on the password page',
      input: { user: NO_PASSWORD, path: '/password-reset', search: '?initial=true' },
      expected: ALLOW,
    },
    // Step 2.
    {
      name: 'sends a user who accepted old terms to accept the new ones',
      input: { user: OLD_TERMS },
      expected: redirect('/accept-terms'),
    },
    {
      name: 'sends a user who never accepted terms to accept them',
      input: { user: { ...READY_USER, termsVersion: null } },
      expected: redirect('/accept-terms'),
    },
    {
      name: 'leaves a user on the terms page',
      input: { user: OLD_TERMS, path: '/accept-terms' },
      expected: ALLOW,
    },
    {
      name: 'puts terms before a lapsed subscription',
      input: { user: OLD_TERMS, subscriptionStatus: 'canceled' },
      expected: redirect('/accept-terms'),
    },
    // Step 3.
    {
      name: 'sends a user away from the maintenance page when the app is up',
      input: { path: '/maintenance', needsAuth: false },
      expected: redirect('/contacts/pipeline'),
    },
    {
      name: 'sends a signed-out visitor away from the maintenance page too',
      input: { path: '/maintenance', needsAuth: false, user: null },
      expected: redirect('/contacts/pipeline'),
    },
    {
      name: 'keeps the maintenance page open during maintenance',
      input: { path: '/maintenance', needsAuth: false, isUnderMaintenance: true },
      expected: ALLOW,
    },
    // Step 4.
    {
      name: 'sends a signed-out visitor to login with the page to come back to',
      input: { user: null, path: '/contacts/table/p1', search: '?q=ann' },
      expected: redirect('/login?next=%2Fcontacts%2Ftable%2Fp1%3Fq%3Dann'),
    },
    {
      name: 'adds the missing ? to a search string',
      input: { user: null, path: '/tasks', search: 'a=1' },
      expected: redirect('/login?next=%2Ftasks%3Fa%3D1'),
    },
    {
      name: 'drops an empty search string',
      input: { user: null, path: '/tasks', search: '?' },
      expected: redirect('/login?next=%2Ftasks'),
    },
    {
      name: 'never loops on a login page that is marked as needing auth',
      input: { user: null, path: '/login' },
      expected: ALLOW,
    },
    {
      name: 'lets a signed-out visitor open a page that needs no auth',
      input: { user: null, path: '/login/invite/abc', needsAuth: false },
      expected: ALLOW,
    },
    // Step 5.
    {
      name: 'sends a team without a usable subscription to billing',
      input: { subscriptionStatus: 'canceled' },
      expected: redirect('/profile/billing'),
    },
    {
      name: 'sends a user with no subscription at all to billing',
      input: { subscriptionStatus: null },
      expected: redirect('/profile/billing'),
    },
    {
      name: 'sends a user with a pending invite to the team page',
      input: { subscriptionStatus: null, pendingInviteCode: 'ab c' },
      expected: redirect('/profile/team?inviteCode=ab%20c'),
    },
    {
      name: 'leaves a lapsed team on any profile page',
      input: { subscriptionStatus: 'canceled', path: '/profile/team' },
      expected: ALLOW,
    },
    {
      name: 'leaves a lapsed team on the bare profile page',
      input: { subscriptionStatus: 'canceled', path: '/profile' },
      expected: ALLOW,
    },
    {
      name: 'does not mistake /profiles for a profile page',
      input: { subscriptionStatus: 'canceled', path: '/profiles' },
      expected: redirect('/profile/billing'),
    },
    { name: 'lets a past-due team keep working', input: { subscriptionStatus: 'past_due' }, expected: ALLOW },
    // Step 6.
    {
      name: 'sends / to the default contact view',
      input: { path: '/', user: { ...READY_USER, defaultContactView: 'table' } },
      expected: redirect('/contacts/table'),
    },
    {
      name: 'sends / to the pipeline view without a default',
      input: { path: '/' },
      expected: redirect('/contacts/pipeline'),
    },
    {
      name: 'sends a signed-out visitor on / to login first',
      input: { path: '/', user: null },
      expected: redirect('/login?next=%2F'),
    },
    { name: 'allows an ordinary page', input: {}, expected: ALLOW },
    {
      name: 'treats a trailing slash as the same page',
      input: { user: NO_PASSWORD, path: '/password-reset/' },
      expected: ALLOW,
    },
    // Sign-out always works.
    {
      name: 'always lets a user sign out',
      input: { path: '/logout', user: NO_PASSWORD, subscriptionStatus: 'canceled' },
      expected: ALLOW,
    },
  ] satisfies { name: string; input: Partial<RouteGuardInput>; expected: unknown }[])(
    '$name',
    ({ input, expected }) => {
      expect(decideRoute(buildInput(input))).toEqual(expected);
    },
  );
});

describe('sanitizeNextPath', () => {
  it.each([
    { next: '/contacts/table?q=1', expected: '/contacts/table?q=1' },
    { next: '/', expected: '/' },
    { next: null, expected: '/' },
    { next: undefined, expected: '/' },
    { next: '', expected: '/' },
    { next: 'contacts', expected: '/' },
    { next: 'https://evil.example', expected: '/' },
    { next: 'javascript:alert(1)', expected: '/' },
    { next: '//evil.example/path', expected: '/' },
    { next: '/\\evil.example', expected: '/' },
    { next: '/\t/evil.example', expected: '/' },
    { next: '/a\nb', expected: '/' },
    { next: '/a\u007fb', expected: '/' },
  ])('only lets same-site absolute paths through ($next)', ({ next, expected }) => {
    expect(sanitizeNextPath(next)).toBe(expected);
  });
});
