import { describe, expect, it } from 'vitest';
import { findUpdatedVersion, isQueueProcessorPath } from './use-app-updates';

describe('findUpdatedVersion', () => {
  it.each([
    {
      name: 'announces a version other than the loaded one',
      loaded: '2.0.0',
      latest: '2.1.0',
      expected: '2.1.0',
    },
    {
      name: 'stays quiet when the latest is the loaded one',
      loaded: '2.0.0',
      latest: '2.0.0',
      expected: null,
    },
    { name: 'stays quiet before any event', loaded: '2.0.0', latest: null, expected: null },
    {
      name: 'stays quiet while the loaded version is unknown',
      loaded: undefined,
      latest: '2.1.0',
      expected: null,
    },
  ])('$name', ({ loaded, latest, expected }) => {
    expect(findUpdatedVersion(loaded, latest)).toBe(expected);
  });
});

describe('isQueueProcessorPath', () => {
  it.each([
    { pathname: '/queue/facebook', expected: true },
    { pathname: '/setup/queue/facebook', expected: false },
    { pathname: '/queue', expected: false },
  ])('$pathname -> $expected', ({ pathname, expected }) => {
    expect(isQueueProcessorPath(pathname)).toBe(expected);
  });
});
