import { describe, expect, it } from 'vitest';
import type { ReadData } from './connection-checks';
import { runConnectionChecks } from './connection-checks';

const ANSWERS: Record<string, unknown> = {
  '/api/v1/me': { name: 'Ana Lima', email: 'ana@example.com', currentTeam: { teamUID: 'team_1' } },
  '/api/v1/teams/team_1/pipelines': { pipelines: [{}, {}], globalTagSets: [] },
  '/api/v1/extension/selectors': {
    packs: [
      { platform: 'facebook', version: 3 },
      { platform: 'instagram', version: 2 },
    ],
  },
};

function reader(failing: Record<string, string> = {}): ReadData {
  return <T>(path: string) =>
    path in failing ? Promise.reject(new Error(failing[path])) : Promise.resolve(ANSWERS[path] as T);
}

let clock = 0;
const tick = () => (clock += 5);

describe('checking the extension connection', () => {
  it('names who is signed in, the pipelines that come through and the packs served', async () => {
    const results = await runConnectionChecks(reader(), 'team_1', tick);
    expect(results).toEqual([
      { name: 'Signed in', ok: true, detail: 'As Ana Lima (ana@example.com).', ms: 5 },
      { name: 'Team data', ok: true, detail: '2 pipelines you can see.', ms: 5 },
      { name: 'Selector packs', ok: true, detail: 'Facebook v3, Instagram v2', ms: 5 },
    ]);
  });

  it('runs every check whatever failed before, so each broken link is named', async () => {
    const results = await runConnectionChecks(
      reader({ '/api/v1/me': "Can't reach GroupTrack at http://localhost:3000" }),
      'team_1',
      tick,
    );
    expect(results.map(({ name, ok, detail }) => ({ name, ok, detail }))).toEqual([
      { name: 'Signed in', ok: false, detail: "Can't reach GroupTrack at http://localhost:3000" },
      { name: 'Team data', ok: true, detail: '2 pipelines you can see.' },
      { name: 'Selector packs', ok: true, detail: 'Facebook v3, Instagram v2' },
    ]);
  });
});
