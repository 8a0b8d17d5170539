import { describe, expect, it } from 'vitest';
import { deriveBaseDataEvent, findFailedList } from './base-data-driver';
import type { BaseDataSnapshot } from './base-data-driver';

const members = (status: 'pending' | 'error' | 'success') => ({ level: 'min' as const, status });
const notifications = (status: 'pending' | 'error' | 'success') => ({ level: 'full' as const, status });

describe('deriveBaseDataEvent', () => {
  it.each<{ name: string; snapshot: BaseDataSnapshot; expected: ReturnType<typeof deriveBaseDataEvent> }>([
    {
      name: 'reports nothing while the user loads',
      snapshot: { me: 'pending', lists: [] },
      expected: null,
    },
    {
      name: 'reports nothing while the user cannot be loaded, so polling goes on',
      snapshot: { me: 'error', lists: [members('success')] },
      expected: null,
    },
    {
      name: 'signs out when the user record is missing',
      snapshot: { me: 'missing', lists: [members('success')] },
      expected: { type: 'user-missing' },
    },
    {
      name: 'waits for the members before min',
      snapshot: { me: 'success', lists: [members('pending'), notifications('success')] },
      expected: null,
    },
    {
      name: 'reaches min with user and members while a full list still loads',
      snapshot: { me: 'success', lists: [members('success'), notifications('pending')] },
      expected: { type: 'min-loaded' },
    },
    {
      name: 'stays at min when a full list failed',
      snapshot: { me: 'success', lists: [members('success'), notifications('error')] },
      expected: { type: 'min-loaded' },
    },
    {
      name: 'reaches full once every list loaded',
      snapshot: { me: 'success', lists: [members('success'), notifications('success')] },
      expected: { type: 'full-loaded' },
    },
    {
      name: 'reaches full at once for a screen that needs no lists',
      snapshot: { me: 'success', lists: [] },
      expected: { type: 'full-loaded' },
    },
  ])('$name', ({ snapshot, expected }) => {
    expect(deriveBaseDataEvent(snapshot)).toEqual(expected);
  });
});

describe('findFailedList', () => {
  it.each<{ name: string; snapshot: BaseDataSnapshot; expected: number }>([
    {
      name: 'names the failed list once the user is there',
      snapshot: { me: 'success', lists: [members('success'), notifications('error')] },
      expected: 1,
    },
    {
      name: 'names nothing while every list is fine or loading',
      snapshot: { me: 'success', lists: [members('success'), notifications('pending')] },
      expected: -1,
    },
    {
      name: 'leaves a failure before the user loads to the polling',
      snapshot: { me: 'error', lists: [members('error')] },
      expected: -1,
    },
  ])('$name', ({ snapshot, expected }) => {
    expect(findFailedList(snapshot)).toBe(expected);
  });
});
