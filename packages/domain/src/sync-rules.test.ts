import { describe, expect, it } from 'vitest';
import { INTEGRATION_TYPES, canSyncStage, canSyncTag, decideSync, isIntegrationType } from './sync-rules';
import type { DecideSyncInput, IntegrationType, SyncIntegration } from './sync-rules';

const EVERY_ACTION = ['add', 'update', 'delete'] as const;
const ALL = {
  info: EVERY_ACTION,
  stage: EVERY_ACTION,
  tag: EVERY_ACTION,
  note: EVERY_ACTION,
  task: EVERY_ACTION,
};

function buildIntegration(overrides: Partial<SyncIntegration> = {}): SyncIntegration {
  return {
    type: 'gsheet',
    isActive: true,
    isPaused: false,
    emailOnly: false,
    options: ALL,
    ...overrides,
  };
}

function buildInput(overrides: Partial<DecideSyncInput> = {}): DecideSyncInput {
  return {
    integration: buildIntegration(),
    kind: 'info',
    action: 'update',
    contact: { emailAddress: 'ann@example.com', phoneNumber: null },
    ...overrides,
  };
}

describe('decideSync', () => {
  it.each([
    { name: 'an inactive integration', integration: { isActive: false, isPaused: true }, reason: 'inactive' },
    { name: 'a paused integration', integration: { isPaused: true }, reason: 'paused' },
    { name: 'an integration with no options', integration: { options: {} }, reason: 'option-disabled' },
  ] as const)('skips $name', ({ integration, reason }) => {
    expect(decideSync(buildInput({ integration: buildIntegration(integration) }))).toEqual({
      sync: false,
      reason,
    });
  });

  it.each(['info', 'stage', 'tag', 'note', 'task'] as const)(
    'skips a %s change when that kind is off',
    (kind) => {
      const options = { ...ALL, [kind]: [] };
      const input = buildInput({ kind, integration: buildIntegration({ options }) });
      expect(decideSync(input)).toEqual({ sync: false, reason: 'option-disabled' });
    },
  );

  it.each(EVERY_ACTION)('skips a note %s when only the other actions of notes are on', (action) => {
    const options = { ...ALL, note: EVERY_ACTION.filter((other) => other !== action) };
    const input = buildInput({ kind: 'note', action, integration: buildIntegration({ options }) });
    expect(decideSync(input)).toEqual({ sync: false, reason: 'option-disabled' });
    const on = buildInput({ kind: 'note', action, integration: buildIntegration() });
    expect(decideSync(on)).toEqual({ sync: true });
  });

  it.each([
    { contact: { emailAddress: null, phoneNumber: null }, emailOnly: true, expected: false },
    { contact: { emailAddress: '  ', phoneNumber: '' }, emailOnly: true, expected: false },
    { contact: {}, emailOnly: true, expected: false },
    { contact: { emailAddress: 'ann@example.com' }, emailOnly: true, expected: true },
    { contact: { phoneNumber: '+15551234567' }, emailOnly: true, expected: true },
    { contact: {}, emailOnly: false, expected: true },
  ])(
    'skips an email-only integration for a contact with neither email nor phone ($contact, emailOnly $emailOnly)',
    ({ contact, emailOnly, expected }) => {
      const decision = decideSync(buildInput({ contact, integration: buildIntegration({ emailOnly }) }));
      expect(decision).toEqual(expected ? { sync: true } : { sync: false, reason: 'no-email-or-phone' });
    },
  );

  it.each([
    { type: 'gsheet', stageRemoteID: null, expected: { sync: true } },
    { type: 'clickfunnels', stageRemoteID: 'st_9', expected: { sync: true } },
    {
      type: 'clickfunnels',
      stageRemoteID: null,
      expected: { sync: false, reason: 'unsupported-stage-sync' },
    },
    { type: 'kartra', stageRemoteID: 'st_9', expected: { sync: false, reason: 'unsupported-stage-sync' } },
  ] as const)(
    'syncs a stage only where SPEC §5 allows ($type, $stageRemoteID)',
    ({ type, stageRemoteID, expected }) => {
      const input = buildInput({ kind: 'stage', stageRemoteID, integration: buildIntegration({ type }) });
      expect(decideSync(input)).toEqual(expected);
    },
  );

  it.each([
    { type: 'kartra', tagRemoteID: null, expected: { sync: true } },
    { type: 'activecampaign', tagRemoteID: '12', expected: { sync: true } },
    {
      type: 'activecampaign',
      tagRemoteID: undefined,
      expected: { sync: false, reason: 'unsupported-tag-sync' },
    },
  ] as const)(
    'syncs a tag only where SPEC §5 allows ($type, $tagRemoteID)',
    ({ type, tagRemoteID, expected }) => {
      const input = buildInput({ kind: 'tag', tagRemoteID, integration: buildIntegration({ type }) });
      expect(decideSync(input)).toEqual(expected);
    },
  );

  it.each(['info', 'note', 'task'] as const)('syncs a %s change to any integration type', (kind) => {
    const input = buildInput({ kind, integration: buildIntegration({ type: 'kartra' }) });
    expect(decideSync(input)).toEqual({ sync: true });
  });
});

describe('canSyncStage', () => {
  const always = ['gsheet', 'webhooks'];
  const withRemoteId = ['gohighlevel', 'leadconnector', 'clickfunnels'];
  it.each(
    INTEGRATION_TYPES.flatMap((type) => [
      { type, stageRemoteID: 'st_1', expected: always.includes(type) || withRemoteId.includes(type) },
      { type, stageRemoteID: '', expected: always.includes(type) },
      { type, stageRemoteID: null, expected: always.includes(type) },
    ]),
  )(
    'follows the SPEC §5 stage list ($type, remote id "$stageRemoteID")',
    ({ type, stageRemoteID, expected }) => {
      expect(canSyncStage(type, stageRemoteID)).toBe(expected);
    },
  );
});

describe('canSyncTag', () => {
  const withRemoteId: IntegrationType[] = ['activecampaign', 'clickfunnels'];
  it.each(
    INTEGRATION_TYPES.flatMap((type) => [
      { type, tagRemoteID: 'tg_1', expected: true },
      { type, tagRemoteID: null, expected: !withRemoteId.includes(type) },
    ]),
  )('follows the SPEC §5 tag list ($type, remote id $tagRemoteID)', ({ type, tagRemoteID, expected }) => {
    expect(canSyncTag(type, tagRemoteID)).toBe(expected);
  });
});

describe('isIntegrationType', () => {
  it.each([
    { value: 'leadconnector', expected: true },
    { value: 'mailchimp', expected: false },
    { value: undefined, expected: false },
  ])('recognises only the supported integrations ($value)', ({ value, expected }) => {
    expect(isIntegrationType(value)).toBe(expected);
  });
});
