import { spreadRanks } from '@grouptrack/domain';
import type { Databases } from '../platform/db/databases';
import { contactPipelines, contactTags, contacts } from '../platform/db/team-schema';
import type { TestClient } from './test-client';

/**
 * Test factories: the setup most API tests share (a team, its pipelines, members, contacts,
 * background jobs), made through the real HTTP API as a user would. Each throws with the
 * server's answer when a step fails, so a broken setup reads as such and not as a later assertion.
 */

/** A team as a test holds it: its owner's signed-in client and ids. */
export interface TestTeam {
  owner: TestClient;
  teamUID: string;
  ownerUID: string;
  /** `/api/v1/teams/<teamUID>/<rest>`. */
  path(rest: string): string;
}

/** A pipeline as the API answers it on creation. */
export interface TestPipeline {
  groupUID: string;
  nickName: string;
  stages: { stageUID: string; name: string; idx: number; color: string; fontColor: string }[];
  [field: string]: unknown;
}

/** A tag set as the API answers it on creation. */
export interface TestTagSet {
  tagSetUID: string;
  name: string;
  tags: { tagUID: string; name: string }[];
  [field: string]: unknown;
}

/** Someone who joined a team by invitation. */
export interface TestMember {
  client: TestClient;
  uid: string;
  inviteCode: string;
}

type Answer = Awaited<ReturnType<TestClient['request']>>;

function expectStatus(step: string, response: Answer, status: number) {
  if (response.status !== status)
    throw new Error(`${step}: expected ${status}, got ${response.status} ${JSON.stringify(response.body)}`);
}

const teamPath = (teamUID: string) => (rest: string) => `/api/v1/teams/${teamUID}/${rest}`;

/** The team a new user gets on sign-up, with `extraSeats` bought when members will join it. */
export async function createTeam(
  signUp: (input: { name?: string; email?: string }) => Promise<TestClient>,
  setExtraSeats: (teamUID: string, extraSeats: number) => Promise<void>,
  input: { name?: string; email?: string; extraSeats?: number } = {},
): Promise<TestTeam> {
  const owner = await signUp({ name: input.name, email: input.email });
  const me = await owner.me();
  const teamUID = me.teamUID as string;
  if (input.extraSeats !== undefined) await setExtraSeats(teamUID, input.extraSeats);
  return { owner, teamUID, ownerUID: me.uid as string, path: teamPath(teamUID) };
}

/** A pipeline with stages of these names, in order, created by the team's owner. */
export async function createPipeline(
  team: Pick<TestTeam, 'owner' | 'teamUID'>,
  nickName: string,
  stageNames: string[],
  extra: { questions?: string[] } = {},
): Promise<TestPipeline> {
  const response = await team.owner.post(teamPath(team.teamUID)('pipelines'), {
    nickName,
    stages: stageNames.map((name) => ({ name })),
    ...extra,
  });
  expectStatus(`creating pipeline ${nickName}`, response, 201);
  return response.body.data as TestPipeline;
}

/** A tag set with tags of these names: global unless `pipelineId` names a pipeline. */
export async function createTagSet(
  team: Pick<TestTeam, 'owner' | 'teamUID'>,
  name: string,
  tagNames: string[],
  options: { pipelineId?: string | null } = {},
): Promise<TestTagSet> {
  const response = await team.owner.post(teamPath(team.teamUID)('tag-sets'), {
    name,
    tags: tagNames,
    pipelineId: options.pipelineId,
  });
  expectStatus(`creating tag set ${name}`, response, 201);
  return response.body.data as TestTagSet;
}

/** Invites a new user (with `role` and `groupAccess` when given, else the server's defaults) and has them join. */
export async function joinAsMember(
  signUp: (input: { name?: string; email?: string; inviteCode?: string }) => Promise<TestClient>,
  team: Pick<TestTeam, 'owner' | 'teamUID'>,
  input: { role?: 'admin' | 'member'; groupAccess?: string[]; name?: string; email?: string } = {},
): Promise<TestMember> {
  const invite = await team.owner.post(teamPath(team.teamUID)('invitations'), {
    role: input.role,
    groupAccess: input.groupAccess,
  });
  expectStatus('inviting a member', invite, 201);
  const inviteCode = invite.body.data.inviteCode as string;
  const client = await signUp({ name: input.name, email: input.email, inviteCode });
  expectStatus(
    'accepting the invitation',
    await client.post(`/api/v1/invitations/${inviteCode}/accept`),
    200,
  );
  return { client, uid: (await client.me()).uid as string, inviteCode };
}

/**
 * `count` contacts named `<prefix> <n>`, created one by one through the API (by the owner unless
 * `client` is given), placed in a pipeline (and stage) and tagged when asked. Answers their GTIDs.
 */
export async function seedContacts(
  team: Pick<TestTeam, 'owner' | 'teamUID'>,
  count: number,
  input: {
    prefix?: string;
    pipelineId?: string;
    stageId?: string;
    tagIds?: string[];
    client?: TestClient;
  } = {},
): Promise<string[]> {
  const client = input.client ?? team.owner;
  const GTIDs: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await client.post(teamPath(team.teamUID)('contacts'), {
      name: `${input.prefix ?? 'Person'} ${index}`,
      ...(input.pipelineId && { pipeline: { pipelineId: input.pipelineId, stageId: input.stageId } }),
      ...(input.tagIds && { tagIds: input.tagIds }),
    });
    expectStatus('creating a contact', response, 201);
    GTIDs.push(response.body.data.GTID as string);
  }
  return GTIDs;
}

/**
 * `total` contacts with ids `<prefix>-<n>` written straight into the database, as an import would
 * leave them: for volumes (thousands) the API would take too long to create. All go in one stage,
 * ranked in order, each with the tags `tagIdsOf` gives it. Answers their ids.
 */
export async function insertContacts(
  databases: Databases,
  teamUID: string,
  input: {
    prefix: string;
    total: number;
    pipelineId: string;
    stageId: string;
    tagIdsOf?: (index: number) => string[];
  },
): Promise<string[]> {
  const db = databases.forTeam(teamUID);
  const ranks = spreadRanks(input.total);
  const ids = Array.from({ length: input.total }, (_, index) => `${input.prefix}-${index}`);
  for (let start = 0; start < input.total; start += 1000) {
    const slice = ids.slice(start, start + 1000);
    await db.insert(contacts).values(slice.map((id) => ({ teamId: teamUID, id, name: `Person ${id}` })));
    await db.insert(contactPipelines).values(
      slice.map((id, index) => ({
        teamId: teamUID,
        contactId: id,
        pipelineId: input.pipelineId,
        stageId: input.stageId,
        rank: ranks[start + index]!,
      })),
    );
    const links = slice.flatMap((id, index) =>
      (input.tagIdsOf?.(start + index) ?? []).map((tagId) => ({ teamId: teamUID, contactId: id, tagId })),
    );
    if (links.length > 0) await db.insert(contactTags).values(links);
  }
  return ids;
}

/** A bulk job (`POST /search/v2/bulk`) or a CSV import, by its id. */
export type TestJob = { bulkJobId: string } | { importId: string };

const ENDED = new Set(['completed', 'failed']);

/**
 * Polls a job's state until it ends and answers that state; throws when it ends other than
 * completed, or when it has not ended within `timeout` ms, with the last state seen.
 */
export async function waitForJob(
  client: TestClient,
  teamUID: string,
  job: TestJob,
  options: { timeout?: number; interval?: number } = {},
  // Job states differ by kind; tests read them by shape.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<Record<string, any>> {
  const { timeout = 30_000, interval = 100 } = options;
  const path =
    'bulkJobId' in job
      ? teamPath(teamUID)(`bulk-jobs/${job.bulkJobId}`)
      : teamPath(teamUID)(`imports/${job.importId}`);
  const deadline = Date.now() + timeout;
  for (;;) {
    const response = await client.get(path);
    expectStatus(`reading job ${path}`, response, 200);
    const state = response.body.data;
    if (state.status === 'completed') return state;
    if (ENDED.has(state.status))
      throw new Error(`job ${path} ended ${state.status}: ${JSON.stringify(state)}`);
    if (Date.now() >= deadline)
      throw new Error(`job ${path} did not end within ${timeout} ms; last state ${JSON.stringify(state)}`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
