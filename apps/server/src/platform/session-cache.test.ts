import { describe, expect, it, vi } from 'vitest';
import type { Engine } from './db/engine';
import { startSessionCache } from './session-cache';

/** An engine whose announcements and connection changes the test makes. */
function fakeEngine() {
  let announce: (payload: string) => void = () => undefined;
  let connection: (connected: boolean) => void = () => undefined;
  const engine = {
    listen: (
      _channel: string,
      onPayload: (payload: string) => void,
      onConnection?: (up: boolean) => void,
    ) => {
      announce = onPayload;
      connection = onConnection ?? (() => undefined);
      return Promise.resolve(() => Promise.resolve());
    },
  } as unknown as Engine;
  return {
    engine,
    announce: (payload: string) => announce(payload),
    connection: (up: boolean) => connection(up),
  };
}

const later = () => Date.now() + 3_600_000;

describe('session cache', () => {
  it('remembers a session until its user is announced, and only that user', async () => {
    const { engine, announce } = fakeEngine();
    const cache = await startSessionCache<string>(engine);
    cache.remember('ada-token', 'ada', 'Ada in team 1', later(), cache.mark());
    cache.remember('bea-token', 'bea', 'Bea in team 1', later(), cache.mark());
    expect(cache.get('ada-token')).toBe('Ada in team 1');

    announce('ada');
    expect(cache.get('ada-token')).toBeUndefined();
    expect(cache.get('bea-token')).toBe('Bea in team 1');
    announce('*');
    expect(cache.get('bea-token')).toBeUndefined();
  });

  it('does not remember what was read while a change was announced', async () => {
    const { engine, announce } = fakeEngine();
    const cache = await startSessionCache<string>(engine);
    const mark = cache.mark();
    // The read began before a sign-out committed and ends after its announcement: it may be stale.
    announce('someone-else');
    cache.remember('ada-token', 'ada', 'Ada', later(), mark);
    expect(cache.get('ada-token')).toBeUndefined();
  });

  it('forgets everything while the announcements cannot be heard, and remembers again once they can', async () => {
    const { engine, connection } = fakeEngine();
    const cache = await startSessionCache<string>(engine);
    cache.remember('ada-token', 'ada', 'Ada', later(), cache.mark());
    connection(false);
    expect(cache.get('ada-token')).toBeUndefined();
    cache.remember('ada-token', 'ada', 'Ada', later(), cache.mark());
    expect(cache.get('ada-token')).toBeUndefined();

    connection(true);
    cache.remember('ada-token', 'ada', 'Ada', later(), cache.mark());
    expect(cache.get('ada-token')).toBe('Ada');
  });

  it('trusts an entry until its time and a minute at most', async () => {
    const { engine } = fakeEngine();
    const cache = await startSessionCache<string>(engine);
    cache.remember('due', 'ada', 'Ada', Date.now() - 1, cache.mark());
    expect(cache.get('due')).toBeUndefined();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      cache.remember('ada-token', 'ada', 'Ada', later(), cache.mark());
      vi.setSystemTime(Date.now() + 61_000);
      expect(cache.get('ada-token')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
