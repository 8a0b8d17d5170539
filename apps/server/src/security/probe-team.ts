// The teams the security suites probe: team A with one of everything, a member M who may see only
// pipeline P1 of A, and team B whose owner knows nothing of A but its ids. Built once per suite file
// through the API, as a user would, so every path parameter of every operation has a real id of A.
import { setSuperPermission } from '../modules/users/users.repository';
import { syncDeliveries, workflowRuns } from '../platform/db/team-schema';
import type { TestClient } from '../testing/test-client';
import type { TestServer } from '../testing/test-server';
import type { RequestValues } from './openapi-operations';
import { probeCsv } from './probe-calls';

export interface ProbeTeam {
  ownerA: TestClient;
  member: TestClient;
  ownerB: TestClient;
  teamUID: string;
  teamName: string;
  ownerName: string;
  /** Every id of team A (rows, people, codes): a request that carries one names team A. */
  teamIds: string[];
  /** Requests filled with A's real ids, each of them hidden from M: P2, its stages and tags, hidden contacts. */
  hiddenValues: RequestValues;
  /** The same, but with M's own import (an import is its uploader's), as M is probed. */
  memberHiddenValues: RequestValues;
  /** M's hidden values, with M's own uid as the member to change: M must not widen their own access. */
  memberSelfValues: RequestValues;
  /** Hidden contacts in M's own pipeline P1: capturing or importing into it must not reach them either. */
  ownPipelineValues: RequestValues;
  /** Strings of A that nobody outside A may read: ids, names, emails, texts. */
  teamSecrets: string[];
  /** Strings of the pipeline and contacts M may not see. */
  hiddenSecrets: string[];
  hidden: { contacts: string[]; pipelines: string[]; tagSets: string[]; tags: string[] };
  /** A's owner and M, whose user rows are part of team A's fingerprint. */
  memberUIDs: string[];
  /** A's change-log id after the fixture's last change, one M may see: a replay that shows it is whole. */
  lastVisibleEventId: number;
  /** The CSV the upload is probed with (and M uploaded): rows naming the hidden contacts. */
  csv: string;
}

interface Me {
  uid: string;
  teamUID: string;
  name: string;
  email: string;
}
interface Pipeline {
  groupUID: string;
  nickName: string;
  stages: { stageUID: string; name: string }[];
}
interface TagSet {
  tagSetUID: string;
  name: string;
  tags: { tagUID: string; name: string }[];
}

type Answer = Awaited<ReturnType<TestClient['request']>>;

function ok<T>(response: Answer, what: string): T {
  if (response.status >= 300) {
    throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return (response.body as { data: T } | null)?.data as T;
}

let sequence = 0;

/** Builds team A, its member M and team B on a running test server. */
export async function buildProbeTeams(server: TestServer): Promise<ProbeTeam> {
  sequence += 1;
  // A mark in every name makes each one a string no answer could hold by chance.
  const mark = `Zq${Date.now().toString(36)}${sequence}`;
  const ownerEmail = `owner-a-${mark}@example.test`.toLowerCase();
  const ownerA = await server.signUp({ name: `Owner A ${mark}`, email: ownerEmail });
  // Super, so bad input to the admin routes gets past the permission check to the validation.
  await setSuperPermission(server.databases.directory, ownerEmail, true);
  const ownerMe = (await ownerA.me()) as Me;
  const { teamUID } = ownerMe;
  // The extension signed in as A: that browser is A's alone to list and sign out.
  const { code } = ok<{ code: string }>(await ownerA.post('/api/v1/authorize/extension'), 'extension code');
  ok(await server.client().post('/api/v1/authorize/extension/exchange', { code }), 'extension sign-in');
  const browserSession = ok<{ id: string }[]>(
    await ownerA.get('/api/v1/me/browser-sessions'),
    'signed-in browsers',
  )[0]!.id;
  await server.setSubscription(teamUID, { extraSeats: 10 });
  const team = `/api/v1/teams/${teamUID}`;
  const post = async <T>(path: string, body: unknown) =>
    ok<T>(await ownerA.post(`${team}${path}`, body), path);

  const p1 = await post<Pipeline>('/pipelines', {
    nickName: `Visible ${mark}`,
    stages: [{ name: `V-New ${mark}` }, { name: `V-Won ${mark}` }],
  });
  const p2 = await post<Pipeline>('/pipelines', {
    nickName: `Hidden ${mark}`,
    stages: [{ name: `H-New ${mark}` }, { name: `H-Won ${mark}` }],
  });
  // A Facebook group whose member requests the hidden pipeline receives.
  const group = `probe-group-${mark}`.toLowerCase();
  ok(
    await ownerA.put(`${team}/pipelines/${p2.groupUID}/groups/facebook/${group}`, { name: `Group ${mark}` }),
    'connecting a group',
  );
  const [p1Stage] = p1.stages.map((stage) => stage.stageUID) as [string];
  const [p2Stage, p2OtherStage] = p2.stages.map((stage) => stage.stageUID) as [string, string];

  const hiddenSet = await post<TagSet>('/tag-sets', {
    name: `H-Set ${mark}`,
    pipelineId: p2.groupUID,
    tags: [`h-hot ${mark}`, `h-cold ${mark}`, `h-warm ${mark}`],
  });
  const visibleSet = await post<TagSet>('/tag-sets', {
    name: `V-Set ${mark}`,
    pipelineId: p1.groupUID,
    tags: [`v-tag ${mark}`],
  });
  const globalSet = await post<TagSet>('/tag-sets', { name: `G-Set ${mark}`, tags: [`g-tag ${mark}`] });
  const [hiddenTag, mergedTag, mergeTarget] = hiddenSet.tags.map((tag) => tag.tagUID) as [
    string,
    string,
    string,
  ];
  const visibleTag = visibleSet.tags[0]!.tagUID;
  const globalTag = globalSet.tags[0]!.tagUID;

  const capture = async (label: string, pipeline?: { pipelineId: string; stageId: string }) => {
    const email = `${label}-${mark}@example.test`.toLowerCase();
    const phone = `+1555${String(1_000_000 + sequence * 100 + label.length).slice(-7)}`;
    const created = await post<{ GTID: string }>('/contacts', {
      firstName: label,
      lastName: mark,
      emailAddress: email,
      phoneNumber: phone,
      sources: [{ platform: 'instagram', profileId: `ig-${label}-${mark}`, username: `${label}_${mark}` }],
      ...(pipeline ? { pipeline } : {}),
      tagNames: [`orphan-${label}-${mark}`],
    });
    const secrets = [created.GTID, `${label} ${mark}`, email, phone, `ig-${label}-${mark}`];
    return { GTID: created.GTID, email, secrets };
  };
  const visible = await capture('visible', { pipelineId: p1.groupUID, stageId: p1Stage });
  const inP2 = await capture('hiddenp2', { pipelineId: p2.groupUID, stageId: p2Stage });
  const alsoInP2 = await capture('hiddenp2b', { pipelineId: p2.groupUID, stageId: p2Stage });
  const nowhere = await capture('nowhere');
  const hiddenContacts = [inP2, alsoInP2, nowhere];

  // Notes, deals, tasks and tags on each contact; what hangs on hidden ones is hidden too.
  const hangers = async (person: { GTID: string; email: string }, pipelineId: string, tags: string[]) => {
    const path = `/contacts/${person.GTID}`;
    const note = await post<{ noteUID: string }>(`${path}/notes`, { text: `Note on ${person.email}` });
    const deal = await post<{ dealUID: string }>(`${path}/deals`, {
      name: `Deal ${person.email}`,
      value: 500,
      pipelineId,
    });
    const task = await post<{ taskUID: string }>('/tasks', {
      taskName: `Task ${person.email}`,
      dueDate: '2031-03-14',
      GTID: person.GTID,
      assigneeUID: ownerMe.uid,
    });
    for (const tagID of tags) ok(await ownerA.put(`${team}${path}/tags/${tagID}`), `tag ${person.email}`);
    const ids = [note.noteUID, deal.dealUID, task.taskUID];
    return {
      ids,
      secrets: [...ids, ...['Note on', 'Deal', 'Task'].map((kind) => `${kind} ${person.email}`)],
    };
  };
  const onHidden = [];
  for (const person of hiddenContacts)
    onHidden.push(await hangers(person, p2.groupUID, [hiddenTag, globalTag]));
  const onVisible = await hangers(visible, p1.groupUID, [visibleTag, globalTag]);
  const [note, deal, task] = onHidden[0]!.ids as [string, string, string];

  const filterSet = itemId(
    await post('/filter-sets', {
      name: `View ${mark}`,
      filter: { pipelineId: p2.groupUID, stageIds: [p2Stage], tags: { ids: [hiddenTag] } },
    }),
    `View ${mark}`,
  );
  const statusLabel = itemId(
    await post('/status-labels', { display: `Label ${mark}`, color: '#1C7EBB' }),
    `Label ${mark}`,
  );
  const phase = itemId(await post('/phases', { name: `Phase ${mark}` }), `Phase ${mark}`);
  const question = itemId(
    await post('/questions', { text: `Question ${mark}?`, answerField: 'email' }),
    `Question ${mark}`,
  );
  const testQuestion = itemId(
    await post('/test-questions', { question: `Test ${mark}?`, answer: `a@${mark}.test` }),
    `Test ${mark}`,
  );
  const savedPost = itemId(
    await post('/saved-tag-posts', {
      platform: 'instagram',
      url: `https://instagram.example.test/p/${mark}`,
      title: `Post ${mark}`,
      tagIds: [hiddenTag],
    }),
    `Post ${mark}`,
  );
  const messageTemplate = itemId(
    await post('/message-templates', { name: `Msg ${mark}`, text: 'Hi {firstName}' }),
    `Msg ${mark}`,
  );
  const taskTemplate = itemId(
    await post('/task-templates', { name: `Tpl ${mark}`, dueInDays: 1 }),
    `Tpl ${mark}`,
  );
  // A KPI counting entries into a hidden stage: M must not read it, and no member may change one.
  const { kpiUID } = await post<{ kpiUID: string }>('/dashboard/kpis', {
    metric: 'stage_entered',
    stageUID: p2Stage,
    period: 'week',
    target: 10,
  });
  // Sent to someone by mail: holding its code must not let anyone else join, or learn who was invited.
  const inviteeEmail = `invitee-${mark}@example.test`.toLowerCase();
  const invitation = await post<{ inviteCode: string }>('/invitations', {
    email: inviteeEmail,
    groupAccess: [p2.groupUID],
  });

  const csv = probeCsv(hiddenContacts);
  const uploadAs = async (client: TestClient) =>
    ok<{ importId: string }>(
      await client.request('POST', `${team}/imports?fileName=probe.csv`, csv, { 'content-type': 'text/csv' }),
      'upload',
    ).importId;
  const importId = await uploadAs(ownerA);

  const { jobId } = ok<{ jobId: string }>(
    await ownerA.post('/search/v2/bulk', {
      teamUID,
      action: { type: 'export' },
      target: { GTIDs: hiddenContacts.map((person) => person.GTID) },
    }),
    'bulk export',
  );
  await waitForJob(ownerA, `${team}/bulk-jobs/${jobId}`);

  // A contact of P2 deleted: its Recently deleted entry is A's alone, and not M's to see or restore.
  const gone = await capture('deleted', { pipelineId: p2.groupUID, stageId: p2Stage });
  ok(await ownerA.delete(`${team}/contacts/${gone.GTID}`), 'delete a contact');
  const deletionId = ok<{ items: { deletionUID: string }[] }>(
    await ownerA.get(`${team}/deleted`),
    'recently deleted',
  ).items[0]!.deletionUID;

  // A request to join the hidden pipeline's group, waiting for review.
  ok(
    await ownerA.post(`${team}/member-requests`, {
      platform: 'facebook',
      groupId: group,
      groupName: `Group ${mark}`,
      requests: [
        {
          profileId: `fb-asking-${mark}`,
          username: null,
          name: `Asking ${mark}`,
          url: null,
          photoURL: null,
          answers: [],
          agreedToRules: true,
          requestedAt: null,
        },
      ],
    }),
    'member request',
  );
  const memberRequest = ok<{ requests: { id: string }[] }>(
    await ownerA.get(`${team}/member-requests?pipelineID=${p2.groupUID}`),
    'member requests',
  ).requests[0]!.id;

  // A message queued for a hidden person, in the owner's queue.
  const queueItem = ok<{ id: string }>(
    await ownerA.post(`${team}/contacts/${inP2.GTID}/queue-items`, {
      platform: 'facebook',
      text: `Probe message ${mark}`,
    }),
    'queue item',
  ).id;

  // A paused workflow of the hidden pipeline, and a failed run of it for a hidden person (written
  // straight to the table: the fixture must not wait for the engine).
  const workflow = await post<{ id: string }>('/workflows', {
    name: `Flow ${mark}`,
    status: 'paused',
    definition: {
      trigger: { type: 'captured', pipelineId: p2.groupUID },
      steps: [{ type: 'addNote', text: `Probe note ${mark}` }],
    },
  });
  const workflowRun = `run_probe${mark}`;
  await server.databases
    .forTeam(teamUID)
    .insert(workflowRuns)
    .values({
      teamId: teamUID,
      id: workflowRun,
      workflowId: workflow.id,
      version: 1,
      contactId: inP2.GTID,
      status: 'failed',
      error: `Probe failure ${mark}`,
    });

  // An Auto Responder job of the hidden pipeline in a running group, which has answered a hidden
  // person: its comment's reply waits to be reported.
  const autoResponderGroup = await post<{ id: string }>('/auto-responder-groups', {
    name: `Responders ${mark}`,
    status: 'running',
  });
  const autoResponder = await post<{ jobID: string }>('/auto-responders', {
    jobGroupId: autoResponderGroup.id,
    jobName: `Responder ${mark}`,
    settings: { permalinkURL: `https://www.facebook.com/groups/${group}/posts/1`, triggerWords: ['info'] },
    replyTemplateId: messageTemplate,
    pipelineId: p2.groupUID,
  });
  await post(`/auto-responders/${autoResponder.jobID}/comments`, {
    comments: [
      {
        commentId: `comment-${mark}`,
        parentCommentId: null,
        authorName: `Commenter ${mark}`,
        profileId: `fb-commenter-${mark}`,
        username: null,
        profileUrl: null,
        text: 'info please',
      },
    ],
  });

  // A webhook connection the hidden pipeline syncs to, with a dead-lettered delivery about a hidden
  // person (written straight to the table: the fixture must not wait for the sync). Its address is a
  // closed port here, so nothing is sent anywhere.
  const hook = await post<{ connection: { connectionUID: string }; signingSecret: string }>('/connections', {
    type: 'webhooks',
    name: `Hook ${mark}`,
    settings: { url: 'http://127.0.0.1:9/probe-hook' },
  });
  const connection = hook.connection.connectionUID;
  ok(await ownerA.put(`${team}/connections/${connection}/pipelines/${p2.groupUID}`, {}), 'connection link');
  const delivery = `sync_probe${mark}`;
  await server.databases
    .forTeam(teamUID)
    .insert(syncDeliveries)
    .values({
      teamId: teamUID,
      id: delivery,
      connectionId: connection,
      contactId: inP2.GTID,
      pipelineId: p2.groupUID,
      changes: [{ kind: 'info', action: 'add', at: new Date().toISOString() }],
      status: 'failed',
      attempts: 9,
      dueAt: new Date(),
      responseMessage: `Probe refusal ${mark}`,
    });

  const notification = itemId(
    ok(
      await ownerA.post('/api/v1/admin/app-notifications', {
        platform: 'web',
        type: 'toast',
        title: `Notice ${mark}`,
        text: 'Probe notice',
      }),
      'app notification',
    ),
  );

  const memberInvite = await post<{ inviteCode: string }>('/invitations', {
    role: 'member',
    groupAccess: [p1.groupUID],
  });
  const member = await server.signUp({ name: `Member M ${mark}`, email: `member-m-${mark}@example.test` });
  ok(await member.post(`/api/v1/invitations/${memberInvite.inviteCode}/accept`), 'member joins');
  const memberMe = (await member.me()) as Me;
  const memberImportId = await uploadAs(member);

  const ownerB = await server.signUp({ name: `Owner B ${mark}` });

  // The fixture's last change is one M may see, so a replay M reads is whole once it shows this id.
  await post('/phases', { name: `Sentinel ${mark}` });
  const lastVisibleEventId = await lastEventId(server, teamUID);

  const collections = (pick: { pipeline: string; stage: string; importId: string; member?: string }) => ({
    teams: teamUID,
    members: pick.member ?? ownerMe.uid,
    invitations: invitation.inviteCode,
    pipelines: pick.pipeline,
    stages: pick.stage,
    'tag-sets': hiddenSet.tagSetUID,
    tags: hiddenTag,
    contacts: inP2.GTID,
    sources: 'instagram',
    notes: note,
    deals: deal,
    'bulk-jobs': jobId,
    deleted: deletionId,
    imports: pick.importId,
    'status-labels': statusLabel,
    phases: phase,
    questions: question,
    'filter-sets': filterSet,
    'test-questions': testQuestion,
    'saved-tag-posts': savedPost,
    tasks: task,
    'message-templates': messageTemplate,
    'task-templates': taskTemplate,
    'member-requests': memberRequest,
    'queue-items': queueItem,
    workflows: workflow.id,
    'workflow-runs': workflowRun,
    'auto-responder-groups': autoResponderGroup.id,
    'auto-responders': autoResponder.jobID,
    connections: connection,
    deliveries: delivery,
    // `/queue-settings/{platform}` and `/queue/{platform}`: a member's own queue on a platform.
    'queue-settings': 'facebook',
    queue: 'facebook',
    kpis: kpiUID,
    notifications: notification,
    'app-notifications': notification,
    users: ownerMe.uid,
    'browser-sessions': browserSession,
    // No stored photo: the photo address is public, and probes check it answers without a server error.
    photos: 'pho_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    // `/groups/{platform}/{groupId}`: each parameter is read by the segment before it.
    groups: 'facebook',
    '{platform}': group,
  });
  const fields = (pipelineId: string, stageId: string, tagId: string) => ({
    teamUID,
    pipelineId,
    stageId,
    stageIds: [stageId],
    moveTo: p2OtherStage,
    tagId,
    tagIds: [tagId],
    ids: [tagId],
    sourceTagIds: [mergedTag],
    targetTagId: mergeTarget,
    GTID: inP2.GTID,
    GTIDs: hiddenContacts.map((person) => person.GTID),
    otherGTID: alsoInP2.GTID,
    // A batch of member requests of the hidden pipeline's group.
    groupId: group,
    // A capture that names a hidden person by email, profile id or username.
    emailAddress: inP2.email,
    profileId: `ig-hiddenp2-${mark}`,
    username: `hiddenp2_${mark}`,
    assigneeUID: ownerMe.uid,
    uid: ownerMe.uid,
    templateId: taskTemplate,
    filterSetId: filterSet,
    phaseId: phase,
    groupAccess: [p2.groupUID],
    key: `orphan-hiddenp2-${mark}`.toLowerCase(),
    // The probe CSV's columns, so an import started with it matches people by GTID and email.
    mapping: ['GTID', 'firstName', 'emailAddress'],
    lastEventId: 0,
    // A place in an ordered list names a neighbour of that same list: left out, items go last.
    after: undefined,
    before: undefined,
  });
  const hiddenFields = fields(p2.groupUID, p2Stage, hiddenTag);
  const hiddenValues = {
    byCollection: collections({ pipeline: p2.groupUID, stage: p2Stage, importId }),
    byField: hiddenFields,
  };
  const memberHiddenValues = {
    byCollection: collections({ pipeline: p2.groupUID, stage: p2Stage, importId: memberImportId }),
    byField: hiddenFields,
  };
  const memberSelfValues = {
    byCollection: collections({
      pipeline: p2.groupUID,
      stage: p2Stage,
      importId: memberImportId,
      member: memberMe.uid,
    }),
    byField: hiddenFields,
  };
  const ownPipelineValues = {
    byCollection: collections({ pipeline: p1.groupUID, stage: p1Stage, importId: memberImportId }),
    byField: fields(p1.groupUID, p1Stage, visibleTag),
  };

  const hiddenSecrets = [
    p2.groupUID,
    p2.nickName,
    ...p2.stages.flatMap((stage) => [stage.stageUID, stage.name]),
    hiddenSet.tagSetUID,
    hiddenSet.name,
    ...hiddenSet.tags.flatMap((tag) => [tag.tagUID, tag.name]),
    ...hiddenContacts.flatMap((person) => person.secrets),
    ...onHidden.flatMap((hung) => hung.secrets),
  ];
  const teamIds = [
    teamUID,
    ownerMe.uid,
    memberMe.uid,
    ...[p1, p2].flatMap((pipeline) => [pipeline.groupUID, ...pipeline.stages.map((stage) => stage.stageUID)]),
    ...[hiddenSet, visibleSet, globalSet].flatMap((set) => [
      set.tagSetUID,
      ...set.tags.map((tag) => tag.tagUID),
    ]),
    ...[...hiddenContacts, visible].map((person) => person.GTID),
    ...[...onHidden, onVisible].flatMap((hung) => hung.ids),
    invitation.inviteCode,
    memberInvite.inviteCode,
    importId,
    memberImportId,
    jobId,
    deletionId,
    filterSet,
    statusLabel,
    phase,
    question,
    testQuestion,
    savedPost,
    messageTemplate,
    taskTemplate,
    browserSession,
    workflow.id,
    workflowRun,
    autoResponderGroup.id,
    autoResponder.jobID,
    connection,
    delivery,
  ];
  const teamName = ok<{ name: string }>(await ownerA.get(team), 'team').name;
  const teamSecrets = [
    ...teamIds,
    ...hiddenSecrets,
    teamName,
    ownerMe.name,
    ownerEmail,
    memberMe.name,
    memberMe.email,
    inviteeEmail,
    ...visible.secrets,
    ...onVisible.secrets,
    p1.nickName,
    ...p1.stages.map((stage) => stage.name),
    ...[visibleSet, globalSet].flatMap((set) => [set.name, ...set.tags.map((tag) => tag.name)]),
    ...[
      'View',
      'Label',
      'Phase',
      'Question',
      'Test',
      'Post',
      'Msg',
      'Tpl',
      'Flow',
      'Responders',
      'Responder',
      'Commenter',
      'Hook',
      'Probe refusal',
    ].map((kind) => `${kind} ${mark}`),
    hook.signingSecret,
  ];

  return {
    ownerA,
    member,
    ownerB,
    teamUID,
    teamName,
    ownerName: ownerMe.name,
    teamIds,
    hiddenValues,
    memberHiddenValues,
    memberSelfValues,
    ownPipelineValues,
    teamSecrets: [...new Set(teamSecrets)],
    hiddenSecrets: [...new Set(hiddenSecrets)],
    hidden: {
      contacts: hiddenContacts.map((person) => person.GTID),
      pipelines: [p2.groupUID],
      tagSets: [hiddenSet.tagSetUID],
      tags: hiddenSet.tags.map((tag) => tag.tagUID),
    },
    memberUIDs: [ownerMe.uid, memberMe.uid],
    lastVisibleEventId,
    csv,
  };
}

/**
 * The id of what a create answered: its `…UID`/`…ID`/`…Id`/`id` field. Setup lists answer the whole
 * list, so `named` picks the item just made.
 */
function itemId(answer: unknown, named = ''): string {
  const item = (
    Array.isArray(answer) ? answer.find((entry) => JSON.stringify(entry).includes(named)) : answer
  ) as Record<string, unknown> | undefined;
  const key = Object.keys(item ?? {}).find((name) => /(UID|ID|Id|^id)$/.test(name) && name !== 'teamUID');
  const id = key ? item![key] : undefined;
  if (typeof id !== 'string') throw new Error(`no id in ${JSON.stringify(answer)}`);
  return id;
}

async function waitForJob(client: TestClient, path: string) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const { status } = ok<{ status: string }>(await client.get(path), path);
    if (status === 'completed') return;
    if (status === 'failed') throw new Error(`${path} failed`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} did not finish`);
}

/** The newest change-log id of a team. */
async function lastEventId(server: TestServer, teamUID: string): Promise<number> {
  const result = await server.databases
    .shardFor(teamUID)
    .engine.executeSql('select coalesce(max(id), 0)::int as id from team_events where team_id = $1', [
      teamUID,
    ]);
  return Number(result.rows[0]!.id);
}
