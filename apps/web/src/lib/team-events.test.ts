import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscribeToTeamEvents, type TeamEvent } from './team-events';

/** A stand-in for the browser's EventSource: the tests dispatch its named events by hand. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly handlers = new Map<string, ((message: { data: string }) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, handler: (message: { data: string }) => void) {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler]);
  }
  dispatch(name: string, data: unknown) {
    for (const handler of this.handlers.get(name) ?? []) handler({ data: JSON.stringify(data) });
  }
  close() {
    this.closed = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.opened = [];
});

describe('subscribeToTeamEvents', () => {
  it('shares one stream per team and tells resync listeners, not change listeners, of a resync', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const changes: TeamEvent[] = [];
    const resyncs: string[] = [];
    const stopFirst = subscribeToTeamEvents('t1', (event) => changes.push(event));
    const stopSecond = subscribeToTeamEvents(
      't1',
      () => undefined,
      () => resyncs.push('t1'),
    );
    expect(FakeEventSource.opened).toHaveLength(1);
    const [source] = FakeEventSource.opened;

    source!.dispatch('resync', { lastEventId: 4 });
    source!.dispatch('change', { id: 5, entity: 'contact', op: 'update', ids: ['c1'] });
    expect(resyncs).toEqual(['t1']);
    expect(changes.map((event) => event.id)).toEqual([5]);

    stopSecond();
    source!.dispatch('resync', { lastEventId: 5 });
    expect(resyncs).toHaveLength(1);
    stopFirst();
    expect(source!.closed).toBe(true);
  });
});
