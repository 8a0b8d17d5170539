import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../platform/db/raw';
import { openEventStream, type StreamedEvent } from '../../testing/event-stream';
import { setUpQueueTeam, type QueueTeam } from '../../testing/queue-team';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let setUp: QueueTeam;

beforeAll(async () => {
  server = await startTestServer();
  setUp = await setUpQueueTeam(server, 'queue-events.test');
});
afterAll(async () => {
  await server.stop();
});

const isQueueEvent = (event: StreamedEvent) => event.entity === 'queue_item';

describe('queue item events', () => {
  it('tell the member whose queue changed, as it changes, and no teammate', async () => {
    const { team, owner, queueOf } = setUp;
    const ada = await queueOf('Ada', 2);
    const ben = await queueOf('Ben', 1);
    const [first, second] = (
      await ada.client.get(team.path('queue-items?status=scheduled&platform=facebook'))
    ).body.data.items as { id: string }[];
    const adaStream = await openEventStream(ada.client, team.teamUID);
    const benStream = await openEventStream(ben.client, team.teamUID);
    const ownerStream = await openEventStream(owner, team.teamUID);

    // Ada edits one message, moves the other before it, cancels the first; then the person replies.
    expect(
      (await ada.client.patch(team.path(`queue-items/${first!.id}`), { text: 'Hi there, welcome!' })).status,
    ).toBe(200);
    expect(
      (await ada.client.post(team.path(`queue-items/${second!.id}/move`), { before: first!.id })).status,
    ).toBe(200);
    expect(
      (await ada.client.post(team.path('queue-items/bulk'), { action: 'cancel', ids: [first!.id] })).status,
    ).toBe(200);
    const replied = await ada.client.post(team.path(`contacts/${ada.GTIDs[1]}/queue-items/cancel`), {
      platform: 'facebook',
      reason: 'replied',
    });
    expect(replied.body.data).toEqual({ cancelled: 1 });

    await adaStream.next(
      (event) => isQueueEvent(event) && adaStream.received.filter(isQueueEvent).length === 4,
    );
    expect(adaStream.received.filter(isQueueEvent).map((event) => event.ids)).toEqual([
      [first!.id],
      [second!.id],
      [first!.id],
      [second!.id],
    ]);

    // Ben's queue changes next: his stream hears of it, and of nothing of Ada's; the owner of neither.
    const benItem = (await ben.client.get(team.path('queue-items?status=scheduled&platform=facebook'))).body
      .data.items[0] as { id: string };
    await ben.client.post(team.path('queue-items/bulk'), { action: 'cancel', ids: [benItem.id] });
    await benStream.next(isQueueEvent);
    expect(benStream.received.filter(isQueueEvent).map((event) => event.ids)).toEqual([[benItem.id]]);
    expect(adaStream.received.filter(isQueueEvent)).toHaveLength(4);
    // A marker the owner sees: by then every queue event before it would have reached them.
    const marker = await owner.post(team.path('contacts'), { name: 'Marker' });
    await ownerStream.next(
      (event) => event.entity === 'contact' && event.ids.includes(marker.body.data.GTID),
    );
    expect(ownerStream.received.filter(isQueueEvent)).toEqual([]);
    for (const stream of [adaStream, benStream, ownerStream]) stream.close();
  });

  it('name no ids for a bulk queueing of more than 100, only whose queue it is', async () => {
    const { team, queueOf } = setUp;
    const cai = await queueOf('Cai', 1);
    const stream = await openEventStream(cai.client, team.teamUID, 0);
    const dot = await queueOf('Dot', 101);
    const caiItem = (await cai.client.get(team.path('queue-items?status=scheduled&platform=facebook'))).body
      .data.items[0] as { id: string };
    await cai.client.post(team.path('queue-items/bulk'), { action: 'cancel', ids: [caiItem.id] });
    await stream.next(() => stream.received.filter(isQueueEvent).length === 2);
    // Cai hears of their own queueing and cancel, replayed from the start, and nothing of Dot's.
    const heard = stream.received.filter(isQueueEvent);
    expect(heard.map((event) => event.data)).toEqual([
      { queuedTo: [cai.actor.userId] },
      { queuedTo: [cai.actor.userId] },
    ]);
    // Dot's 101 messages made one event naming none of them.
    const logged = await selectRows<{ ids: string[]; data: { queuedTo: string[] } }>(
      server.databases.forTeam(team.teamUID),
      sql`select ids, data from team_events where team_id = ${team.teamUID} and entity = 'queue_item'`,
    );
    expect(logged.filter((event) => event.data.queuedTo.includes(dot.actor.userId))).toEqual([
      { ids: [], data: { queuedTo: [dot.actor.userId] } },
    ]);
    stream.close();
  });
});
