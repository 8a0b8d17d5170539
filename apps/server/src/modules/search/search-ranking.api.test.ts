import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestTeam } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/test-server';

// Looking someone up by name (the header's search, the command palette): the best match comes
// first whatever its age, and a letter wrong still finds them. The people are created oldest first,
// so an order by recency alone would put the person looked for last.

let server: TestServer;
let team: TestTeam;

const PEOPLE = [
  'Jade Lewis',
  'Tessa Moore',
  'Jade Lopez',
  'Owen Lewis',
  'Amy Lewis',
  'Ben Lewis',
  'Cara Lewis',
  'Dan Lewis',
  'Eve Lewis',
  'Finn Lewis',
  'Jadeline Lewisham',
  'Teresa Mays',
];

/** The names a search for `text` answers, best first, as the header's search asks (no sort). */
async function lookUp(text: string, size = 5): Promise<string[]> {
  const response = await team.owner.post('/search/v2', {
    teamUID: team.teamUID,
    searchObj: { text },
    paging: { from: 0, size },
  });
  expect(response.status).toBe(200);
  return (response.body.data.hits as { name: string }[]).map((hit) => hit.name);
}

beforeAll(async () => {
  server = await startTestServer();
  team = await server.createTeam();
  for (const name of PEOPLE) {
    const response = await team.owner.post(team.path('contacts'), { name });
    expect(response.status).toBe(201);
  }
});

afterAll(() => server.stop());

describe('looking a person up', () => {
  it.each([
    ['the exact full name, before newer namesakes', 'Jade Lewis', 'Jade Lewis'],
    ['the exact full name, whatever the case and spacing', '  jade   LEWIS ', 'Jade Lewis'],
    ['every word as the start of a name word', 'jade le', 'Jade Lewis'],
    ['a first name missing a letter', 'tesa', 'Tessa Moore'],
    ['a surname with a letter changed', 'moire', 'Tessa Moore'],
    ['a full name missing a letter', 'jde lewis', 'Jade Lewis'],
    ['a full name with two letters swapped', 'jade lweis', 'Jade Lewis'],
  ])('finds %s first (%j)', async (_case, text, first) => {
    expect((await lookUp(text))[0]).toBe(first);
  });

  it('puts exact, then prefix, then similar matches, newest first within each', async () => {
    expect(await lookUp('jade lewis', 2)).toEqual(['Jade Lewis', 'Jadeline Lewisham']);
    // Every Lewis has the word whole, the most recently changed first; Lewisham only starts with it.
    const lewises = await lookUp('lewis', 10);
    expect(lewises.slice(0, 3)).toEqual(['Finn Lewis', 'Eve Lewis', 'Dan Lewis']);
    expect(lewises.at(-1)).toBe('Jadeline Lewisham');
  });

  it('counts what it lists, and a sort the user picks still wins', async () => {
    const response = await team.owner.post('/search/v2', {
      teamUID: team.teamUID,
      searchObj: { text: 'lewis' },
      sort: { field: 'name', order: 'asc' },
      paging: { from: 0, size: 3 },
    });
    expect(response.body.data.total).toBe(9);
    expect(response.body.data.hits.map((hit: { name: string }) => hit.name)).toEqual([
      'Amy Lewis',
      'Ben Lewis',
      'Cara Lewis',
    ]);
  });

  it('orders by best match only when there is text to match', async () => {
    const response = await team.owner.post('/search/v2', {
      teamUID: team.teamUID,
      sort: { field: 'relevance', order: 'asc' },
      paging: { from: 0, size: 2 },
    });
    expect(response.status).toBe(200);
    // Without text, newest first.
    expect(response.body.data.hits.map((hit: { name: string }) => hit.name)).toEqual([
      'Teresa Mays',
      'Jadeline Lewisham',
    ]);
  });
});
