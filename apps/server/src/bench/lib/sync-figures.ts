import type { TestClient } from '../../testing/test-client';
import { startWebhookReceiver } from '../../testing/webhook-receiver';
import type { SeededTeam } from '../seed-large';
import { postSearch } from './search-figures';

/**
 * Seconds from one bulk action that tags `changes` people of a synced pipeline to the last of their
 * webhooks reaching a receiver on this machine, which verifies every signature. Counts what came
 * missing, twice, or unsigned: the figure stands only when all three are zero.
 */
export async function measureWebhookSync(
  client: TestClient,
  team: SeededTeam,
  changes: number,
  timeoutMs: number,
) {
  const base = `/api/v1/teams/${team.teamUID}`;
  const receiver = await startWebhookReceiver();
  try {
    const added = await client.post(`${base}/connections`, {
      type: 'webhooks',
      name: 'Bench receiver',
      settings: { url: receiver.url },
      receives: { tag: ['add'] },
    });
    if (added.status !== 201) throw new Error(`adding the connection answered ${added.status}`);
    const { connection, signingSecret } = (
      added.body as { data: { connection: { connectionUID: string }; signingSecret: string } }
    ).data;
    receiver.useSecret(signingSecret);
    const linked = await client.put(
      `${base}/connections/${connection.connectionUID}/pipelines/${team.pipelineId}`,
      {},
    );
    if (linked.status !== 204) throw new Error(`linking the pipeline answered ${linked.status}`);
    const tagSet = await client.post(`${base}/tag-sets`, { name: 'Synced', tags: ['Webhook bench'] });
    if (tagSet.status !== 201) throw new Error(`the tag set answered ${tagSet.status}`);
    const tagId = (tagSet.body as { data: { tags: { tagUID: string }[] } }).data.tags[0]!.tagUID;
    const GTIDs: string[] = [];
    for (let from = 0; GTIDs.length < changes; from += 500) {
      const answer = (await postSearch(client, {
        teamUID: team.teamUID,
        paging: { from, size: 500 },
        objectToFilter: { pipelineId: team.pipelineId },
        isPipelineInitial: false,
      })) as { data: { hits: { GTID: string }[] } };
      if (answer.data.hits.length === 0) throw new Error(`the pipeline holds fewer than ${changes} people`);
      GTIDs.push(...answer.data.hits.map((hit) => hit.GTID));
    }
    const started = performance.now();
    const bulk = await client.post('/search/v2/bulk', {
      teamUID: team.teamUID,
      action: { type: 'addTags', tagIds: [tagId] },
      target: { GTIDs: GTIDs.slice(0, changes) },
    });
    if (bulk.status !== 202) throw new Error(`bulk answered ${bulk.status}: ${JSON.stringify(bulk.body)}`);
    const arrived = await Promise.race([
      receiver.waitFor(changes).then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), timeoutMs)),
    ]);
    const seconds = (performance.now() - started) / 1000;
    // A moment more, to see any delivery that would come twice.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const ids = new Set(receiver.received.map((item) => item.id));
    const people = new Set(receiver.received.map((item) => String(item.body.GTID)));
    const result = {
      seconds: arrived ? seconds : null,
      received: receiver.received.length,
      missing: changes - people.size,
      twice: receiver.received.length - ids.size,
      unsigned: receiver.received.filter((item) => !item.verified).length,
    };
    await client.delete(`${base}/connections/${connection.connectionUID}`);
    return result;
  } finally {
    await receiver.close();
  }
}
