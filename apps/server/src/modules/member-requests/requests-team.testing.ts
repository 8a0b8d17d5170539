import { expect } from 'vitest';
import type { TestPipeline, TestTeam } from '../../testing/factories';
import type { TestClient } from '../../testing/test-client';
import type { TestServer } from '../../testing/test-server';

/** A team whose pipeline receives a group's requests, with the people the member-request tests act as. */
export interface RequestsTeam {
  team: TestTeam;
  owner: TestClient;
  /** The pipeline the group is connected to. */
  requests: TestPipeline;
  /** Pipelines the member also sees, by name. */
  others: Record<string, TestPipeline>;
  /** A pipeline only the outsider sees. */
  hidden: TestPipeline;
  /** A member who sees `requests` (and `others`). */
  member: TestClient;
  /** A member who sees only `hidden`. */
  outsider: TestClient;
}

/**
 * Sets up what every member-request test file starts from: an owner (`owner@<domain>`), a pipeline
 * connected to the group, a member who sees it and an outsider who does not.
 */
export async function setUpRequestsTeam(
  server: TestServer,
  options: {
    domain: string;
    group: { platform: 'facebook' | 'skool'; groupId: string; name: string };
    stages: string[];
    questions?: string[];
    others?: string[];
  },
): Promise<RequestsTeam> {
  const { domain, group } = options;
  const team = await server.createTeam({ name: 'Owen Owner', email: `owner@${domain}`, extraSeats: 10 });
  const requests = await server.createPipeline(team, 'Requests', options.stages, {
    questions: options.questions,
  });
  const others: Record<string, TestPipeline> = {};
  for (const name of options.others ?? []) others[name] = await server.createPipeline(team, name, ['Lead']);
  const hidden = await server.createPipeline(team, 'Hidden', ['Only']);
  const { client: member } = await server.joinAsMember(team, {
    role: 'member',
    groupAccess: [requests.groupUID, ...Object.values(others).map((pipeline) => pipeline.groupUID)],
    name: 'Max Member',
    email: `member@${domain}`,
  });
  const { client: outsider } = await server.joinAsMember(team, {
    role: 'member',
    groupAccess: [hidden.groupUID],
    name: 'Uma Outsider',
    email: `outsider@${domain}`,
  });
  const connected = await team.owner.put(
    team.path(`pipelines/${requests.groupUID}/groups/${group.platform}/${group.groupId}`),
    { name: group.name },
  );
  expect(connected.status).toBe(200);
  return { team, owner: team.owner, requests, others, hidden, member, outsider };
}
