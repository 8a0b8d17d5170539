import { describe, expect, it } from 'vitest';
import { EMPTY_BULK_QUEUE_DRAFT, toQueueMessageAction } from './bulk-queue';

const pro = {
  status: 'trialing' as const,
  tier: { value: 3 as const, name: 'pro' as const },
  platforms: { facebook: null, instagram: 'basic' },
};

describe('the bulk Queue message action', () => {
  it('is the queueMessage action of the bulk endpoint once a template is chosen', () => {
    expect(toQueueMessageAction({ templateId: 't1', platform: 'linkedin', allowSameDay: true }, pro)).toEqual(
      { type: 'queueMessage', templateId: 't1', platform: 'linkedin', allowSameDay: true },
    );
  });

  it('cannot start without a template', () => {
    expect(toQueueMessageAction(EMPTY_BULK_QUEUE_DRAFT, pro)).toBeNull();
  });

  it('cannot start where the plan does not allow it, so the server never has to refuse it', () => {
    const draft = { ...EMPTY_BULK_QUEUE_DRAFT, templateId: 't1' };
    expect(toQueueMessageAction({ ...draft, platform: 'instagram' }, pro)).toBeNull();
    expect(toQueueMessageAction(draft, { ...pro, tier: { value: 2, name: 'premier' } })).toBeNull();
    expect(toQueueMessageAction(draft, pro)).not.toBeNull();
  });
});
