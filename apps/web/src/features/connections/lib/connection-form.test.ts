import type { Connection } from '@grouptrack/domain';
import { describe, expect, it } from 'vitest';
import {
  changeFormType,
  findFormProblem,
  formOfConnection,
  newConnectionForm,
  placeServerProblem,
  placeholderOf,
  setReceives,
  toConnectionInput,
  toConnectionUpdate,
} from './connection-form';

const buildConnection = (overrides: Partial<Connection> = {}): Connection => ({
  connectionUID: 'conn_1',
  type: 'activecampaign',
  name: 'Our AC',
  status: 'active',
  emailOnly: true,
  receives: { info: ['add', 'update'], tag: ['add'], stage: [], note: [], task: [] },
  settings: { apiUrl: 'https://acme.api-us1.com' },
  secretHints: { apiToken: '••••abcd' },
  usedInPipelines: [],
  usedInTagSets: [],
  totals: { pending: 0, delivering: 0, delivered: 0, failed: 0, skipped: 0, discarded: 0 },
  failuresInRow: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('the connection editor', () => {
  it('starts a new connection named after its type, receiving every change its system can take', () => {
    expect(newConnectionForm('convertkit')).toEqual({
      type: 'convertkit',
      name: 'Kit (ConvertKit)',
      values: {},
      receives: { info: ['add', 'update'], stage: [], tag: ['add', 'delete'], note: [], task: [] },
      emailOnly: false,
    });
  });

  it.each([
    ['keeps a name the user typed', 'Zapier hook', 'Zapier hook'],
    ['renames a name left as the type was', 'Webhook', 'Google Sheets'],
    ['names an emptied name after the new type', '  ', 'Google Sheets'],
  ])('on a change of type, %s', (_, typed, expected) => {
    const form = { ...newConnectionForm('webhooks'), name: typed, values: { url: 'https://x.test' } };
    const changed = changeFormType(form, 'gsheet');
    expect(changed.name).toBe(expected);
    expect(changed.values).toEqual({});
  });

  it('never offers a change the system cannot take, even one a stored connection lists', () => {
    const form = formOfConnection(
      buildConnection({ receives: { info: ['add'], stage: ['update'], tag: ['add'], note: [], task: [] } }),
    );
    expect(form.receives.stage).toEqual([]);
    expect(form.receives.info).toEqual(['add']);
  });

  it('ticks and unticks a change, keeping the actions in order', () => {
    const receives = newConnectionForm('webhooks').receives;
    const without = setReceives(receives, { kind: 'tag', action: 'update', isOn: false });
    expect(without.tag).toEqual(['add', 'delete']);
    expect(setReceives(without, { kind: 'tag', action: 'update', isOn: true }).tag).toEqual([
      'add',
      'update',
      'delete',
    ]);
  });

  it('sends every setting and only the secrets typed, trimmed', () => {
    const form = {
      ...newConnectionForm('kartra'),
      values: { appId: ' app-1 ', apiKey: 'key-1', apiPassword: '   ' },
    };
    expect(toConnectionInput(form)).toMatchObject({
      type: 'kartra',
      settings: { appId: 'app-1' },
      secrets: { apiKey: 'key-1' },
      status: 'active',
    });
  });

  it('keeps the stored secrets of a connection changed without typing them', () => {
    const form = formOfConnection(buildConnection());
    expect(form.values).toEqual({ apiUrl: 'https://acme.api-us1.com' });
    const update = toConnectionUpdate({ ...form, name: ' Renamed ' });
    expect(update).toEqual({
      name: 'Renamed',
      settings: { apiUrl: 'https://acme.api-us1.com' },
      receives: form.receives,
      emailOnly: true,
    });
    expect(toConnectionUpdate({ ...form, values: { ...form.values, apiToken: 'new' } }).secrets).toEqual({
      apiToken: 'new',
    });
  });

  it('asks for a name before anything is sent', () => {
    expect(findFormProblem({ ...newConnectionForm('webhooks'), name: ' ' })).toEqual({
      field: 'name',
      message: 'Give the connection a name.',
    });
    expect(findFormProblem(newConnectionForm('webhooks'))).toBeNull();
  });

  it.each([
    [
      'a setting, under its field',
      'webhooks',
      'Invalid settings.url: enter a web address that starts with http:// or https://.',
      { field: 'url', message: 'Enter a web address that starts with http:// or https://.' },
    ],
    [
      'a secret, under its field',
      'convertkit',
      'Invalid secrets.apiKey: enter the API key (v4).',
      { field: 'apiKey', message: 'Enter the API key (v4).' },
    ],
    [
      'a field of another type, over the form',
      'webhooks',
      'Invalid settings.sheetName: no.',
      { field: null, message: 'Invalid settings.sheetName: no.' },
    ],
    [
      'anything else, over the form',
      'webhooks',
      'Connection not found.',
      { field: null, message: 'Connection not found.' },
    ],
  ] as const)('places a refusal about %s', (_, type, message, expected) => {
    expect(placeServerProblem(message, type)).toEqual(expected);
  });

  it('tells a stored secret by its last characters, and that leaving it empty keeps it', () => {
    expect(placeholderOf({ secret: true }, '••••abcd')).toBe('Stored: ••••abcd — leave empty to keep');
    expect(placeholderOf({ secret: true, placeholder: 'key' }, undefined)).toBe('key');
    expect(placeholderOf({ secret: false, placeholder: 'https://' }, '••••abcd')).toBe('https://');
  });
});
