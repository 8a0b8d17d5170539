import { describe, expect, it } from 'vitest';
import { canSendMessages, canUseAutomations, canUseQueueProcessor } from './plan-gates';
import type { SubscriptionStatus } from './subscription';
import type { TierName, TierValue } from './tiers';

describe('canSendMessages', () => {
  it.each([
    { platforms: { facebook: null, instagram: null }, platform: 'facebook', expected: true },
    { platforms: { facebook: 'pro', instagram: null }, platform: 'facebook', expected: true },
    { platforms: { facebook: ' Pro ', instagram: null }, platform: 'facebook', expected: true },
    { platforms: { facebook: 'basic', instagram: null }, platform: 'facebook', expected: false },
    { platforms: { facebook: 'pro', instagram: 'starter' }, platform: 'instagram', expected: false },
    { platforms: { facebook: '', instagram: null }, platform: 'facebook', expected: true },
    { platforms: { facebook: 'basic', instagram: 'basic' }, platform: 'linkedin', expected: true },
    { platforms: null, platform: 'instagram', expected: true },
    { platforms: undefined, platform: 'tiktok', expected: true },
  ] as const)(
    'blocks sending only when the platform plan is set to something other than pro ($platform: $platforms)',
    ({ platforms, platform, expected }) => {
      expect(canSendMessages({ platforms }, platform)).toBe(expected);
    },
  );
});

describe('canUseQueueProcessor and canUseAutomations', () => {
  it.each<{ value: TierValue; name: TierName; status: SubscriptionStatus; expected: boolean }>([
    { value: 1, name: 'basic', status: 'active', expected: false },
    { value: 2, name: 'premier', status: 'active', expected: false },
    { value: 3, name: 'pro', status: 'active', expected: true },
    { value: 4, name: 'pro', status: 'trialing', expected: true },
    { value: 3, name: 'pro', status: 'past_due', expected: true },
    { value: 4, name: 'pro', status: 'canceled', expected: false },
  ])(
    'needs the pro tier and a usable subscription (tier $value, $status)',
    ({ value, name, status, expected }) => {
      const sub = { status, tier: { value, name } };
      expect(canUseQueueProcessor(sub)).toBe(expected);
      expect(canUseAutomations(sub)).toBe(expected);
    },
  );
});
