import { describe, expect, it } from 'vitest';
import { describeQueuePlanGate } from './plan-gate';

const pro = {
  status: 'active' as const,
  tier: { value: 3 as const, name: 'pro' as const },
  platforms: { facebook: null, instagram: null },
};

describe('the plan gate of the queue', () => {
  it.each([
    {
      name: 'a pro team on a platform with no plan of its own',
      subscription: pro,
      platform: 'linkedin',
      expected: null,
    },
    {
      name: 'a premier team, naming its plan as the server does',
      subscription: { ...pro, tier: { value: 2 as const, name: 'premier' as const } },
      platform: null,
      expected:
        'Queueing messages to many contacts needs the Pro plan; this team is on the Premier plan. Upgrade to Pro in Billing.',
    },
    {
      name: 'a pro team whose subscription lapsed',
      subscription: { ...pro, status: 'past_due' as const },
      platform: null,
      expected: null,
    },
    {
      name: 'a canceled pro team',
      subscription: { ...pro, status: 'canceled' as const },
      platform: null,
      expected:
        "Queueing messages to many contacts needs the Pro plan; this team's subscription is canceled. Choose the Pro plan in Billing.",
    },
    {
      name: 'a pro team whose Instagram plan is not pro, on Instagram',
      subscription: { ...pro, platforms: { facebook: null, instagram: 'basic' } },
      platform: 'instagram',
      expected:
        "Sending Instagram messages needs the Pro Instagram plan; this team's Instagram plan is basic. Change it in Billing.",
    },
    {
      name: 'the same team on Facebook',
      subscription: { ...pro, platforms: { facebook: null, instagram: 'basic' } },
      platform: 'facebook',
      expected: null,
    },
  ] as const)(
    'says why the queue is closed to $name, before the user tries',
    ({ subscription, platform, expected }) => {
      expect(
        describeQueuePlanGate({ subscription, platform, use: 'Queueing messages to many contacts' }),
      ).toBe(expected);
    },
  );

  it('names the queue processor when that is what is gated', () => {
    expect(
      describeQueuePlanGate({
        subscription: { ...pro, tier: { value: 1, name: 'basic' } },
        platform: 'facebook',
        use: 'The queue processor',
      }),
    ).toBe(
      'The queue processor needs the Pro plan; this team is on the Basic plan. Upgrade to Pro in Billing.',
    );
  });
});
