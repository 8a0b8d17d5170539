import {
  CONTACT_ADDED_BACKDATE_MS,
  CONTACT_ID_ADJECTIVES,
  CONTACT_ID_ANIMALS,
  DEFAULT_TAG_SET_COLOR,
  computeDueAt,
  createPushId,
  pickReadableFontColor,
  spreadRanks,
} from '@grouptrack/domain';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TeamDb } from '../platform/db/databases';
import { isContactMade } from '../modules/contacts/contacts.repository';
import {
  activities,
  contactPipelines,
  contactSources,
  contactTags,
  contacts,
  deals,
  notes,
  phases,
  pipelines,
  stageHistory,
  stages,
  statusLabels,
  tagSets,
  tags,
  tasks,
} from '../platform/db/team-schema';

const DAY = 86_400_000;
const TASK_NAMES = ['Follow up with', 'Send the program details to', 'Book a call with', 'Check in with'];
const FIRST = [
  'Ava',
  'Mia',
  'Zoe',
  'Lily',
  'Emma',
  'Chloe',
  'Grace',
  'Ruby',
  'Nora',
  'Ella',
  'Leah',
  'Maya',
  'Sara',
  'Ivy',
  'Jade',
  'Noah',
  'Liam',
  'Owen',
  'Eli',
  'Max',
  'Sam',
  'Leo',
  'Luca',
  'Ben',
  'Tom',
];
const LAST = [
  'Garcia',
  'Smith',
  'Johnson',
  'Brown',
  'Martin',
  'Lopez',
  'Wilson',
  'Taylor',
  'Moore',
  'Clark',
  'Lewis',
  'Walker',
  'Hall',
  'Young',
  'King',
  'Wright',
  'Scott',
  'Green',
  'Baker',
  'Adams',
];
const ANSWERS = [
  [
    'What made you join the group?',
    [
      'Getting back in shape after baby',
      'A friend recommended it',
      'I want more energy',
      'Meal ideas for busy weeks',
      'Accountability',
    ],
  ],
  [
    'What is your biggest challenge right now?',
    ['Finding time', 'Staying consistent', 'Knowing what to eat', 'Motivation in the evenings', 'Sleep'],
  ],
  ['Where can we send you the free guide? (email)', ['', '', 'See my email below', 'Yes please!']],
] as const;
const NOTES = [
  'Asked about the 6-week program start date.',
  'Prefers messages in the evening.',
  'Joined the live Q&A on Tuesday and asked two questions.',
  'Interested in the nutrition add-on.',
  'Follow up after her vacation next week.',
];

/** Multi-row inserts of a few hundred rows each: few statements, well under the parameter limit. */
async function insertInBatches<T extends PgTable>(tx: TeamDb, table: T, rows: T['$inferInsert'][]) {
  for (let start = 0; start < rows.length; start += 500)
    await tx.insert(table).values(rows.slice(start, start + 500));
}

/** A small deterministic random source, so the demo looks the same on every machine. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * The demo team's CRM: two pipelines with coloured stages and phases, tag sets, and 300 contacts
 * with sources, answers, tags, notes, deals, follow-up tasks and history over the last 90 days.
 * One transaction.
 */
export async function seedDemoCrm(
  db: TeamDb,
  teamId: string,
  owner: { uid: string; name: string },
  now = Date.now(),
) {
  const rand = random(42);
  // Tasks draw from their own stream, so adding them left every other demo value as it was.
  const taskRand = random(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const by = { createdBy: owner.name, createdByUid: owner.uid };

  await db.transaction(async (tx) => {
    const phaseRanks = spreadRanks(3);
    const phaseIds = ['Lead', 'Conversation', 'Client'].map((name, index) => {
      const id = createPushId('ph_');
      return { id, name, rank: phaseRanks[index]! };
    });
    await tx.insert(phases).values(phaseIds.map((phase) => ({ teamId, ...phase })));

    const boardDefs = [
      {
        name: 'Fit Moms Club (Facebook group)',
        platform: 'facebook' as const,
        questions: ANSWERS.map(([question]) => question),
        stages: [
          ['New member', '#1C7EBB', 0],
          ['Welcomed', '#4DABF7', 0],
          ['In conversation', '#F59F00', 1],
          ['Call booked', '#7048E8', 1],
          ['Client', '#2F9E44', 2],
          ['Not interested', '#868E96', 0],
        ] as const,
      },
      {
        name: 'Instagram leads',
        platform: 'instagram' as const,
        questions: [],
        stages: [
          ['New follower', '#C2255C', 0],
          ['DM sent', '#E8590C', 1],
          ['Replied', '#F08C00', 1],
          ['Customer', '#2F9E44', 2],
        ] as const,
      },
    ];
    const boards = [];
    const pipelineRanks = spreadRanks(boardDefs.length);
    for (const [index, def] of boardDefs.entries()) {
      const id = createPushId('pl_');
      await tx.insert(pipelines).values({
        teamId,
        id,
        nickName: def.name,
        isDefault: index === 0,
        rank: pipelineRanks[index]!,
        questions: [...def.questions],
      });
      const ranks = spreadRanks(def.stages.length);
      const stageRows = def.stages.map(([name, color, phase], stageIndex) => ({
        teamId,
        id: createPushId('stg_'),
        pipelineId: id,
        name,
        color,
        fontColor: pickReadableFontColor(color),
        phaseId: phaseIds[phase]!.id,
        rank: ranks[stageIndex]!,
      }));
      await tx.insert(stages).values(stageRows);
      boards.push({ id, def, stageRows });
    }

    const setRanks = spreadRanks(3);
    const makeSet = async (
      name: string,
      pipelineId: string | null,
      names: string[],
      rank: string,
      color = DEFAULT_TAG_SET_COLOR,
    ) => {
      const id = createPushId('ts_');
      await tx.insert(tagSets).values({ teamId, id, pipelineId, name, color, rank });
      const rows = names.map((tagName) => ({
        teamId,
        id: createPushId('tag_'),
        tagSetId: id,
        name: tagName,
      }));
      await tx.insert(tags).values(rows);
      return rows;
    };
    const interests = await makeSet(
      'Interests',
      null,
      ['Fitness', 'Nutrition', 'Mindset', 'Yoga'],
      setRanks[0]!,
    );
    const sourceTags = await makeSet(
      'Source',
      null,
      ['Live', 'Post', 'Ad', 'Referral'],
      setRanks[1]!,
      '#7048E8',
    );
    const temperature = await makeSet(
      'Temperature',
      boards[0]!.id,
      ['Hot', 'Warm', 'Cold'],
      setRanks[2]!,
      '#E8590C',
    );

    const labelRanks = spreadRanks(3);
    await tx.insert(statusLabels).values(
      [
        ['Needs reply', '#E8590C'],
        ['Waiting on them', '#1C7EBB'],
        ['VIP', '#2F9E44'],
      ].map(([display, color], index) => ({
        teamId,
        id: createPushId('lbl_'),
        display: display!,
        color: color!,
        rank: labelRanks[index]!,
      })),
    );

    const contactRows: (typeof contacts.$inferInsert)[] = [];
    const sourceRows: (typeof contactSources.$inferInsert)[] = [];
    const placementRows: (typeof contactPipelines.$inferInsert)[] = [];
    const historyRows: (typeof stageHistory.$inferInsert)[] = [];
    const tagRows: (typeof contactTags.$inferInsert)[] = [];
    const noteRows: (typeof notes.$inferInsert)[] = [];
    const dealRows: (typeof deals.$inferInsert)[] = [];
    const taskRows: (typeof tasks.$inferInsert)[] = [];
    const activityRows: (typeof activities.$inferInsert)[] = [];
    const cardRanks = spreadRanks(300);
    const activity = (
      contactId: string,
      at: number,
      entry: {
        type: string;
        action: string;
        pipelineId?: string;
        note?: string;
        data?: Record<string, unknown>;
      },
    ) =>
      activityRows.push({
        teamId,
        id: createPushId('act_', at),
        contactId,
        pipelineId: entry.pipelineId ?? null,
        type: entry.type,
        action: entry.action,
        createdAt: new Date(at),
        note: entry.note ?? null,
        data: entry.data ?? {},
        ...by,
      });

    for (let index = 0; index < 300; index += 1) {
      const board = boards[index % 3 === 2 ? 1 : 0]!;
      const first = pick(FIRST);
      const last = pick(LAST);
      const created = now - Math.floor(rand() * 90 * DAY);
      const id = `${pick(CONTACT_ID_ADJECTIVES)}-${pick(CONTACT_ID_ANIMALS)}-${created}`;
      const handle = `${first}.${last}${index}`.toLowerCase();
      contactRows.push({
        teamId,
        id,
        firstName: first,
        lastName: last,
        name: `${first} ${last}`,
        emailAddress: rand() < 0.7 ? `${handle}@example.com` : null,
        phoneNumber: rand() < 0.4 ? `+1555${String(1_000_000 + index).slice(1)}` : null,
        handles: handle,
        createdAt: new Date(created),
        updatedAt: new Date(created),
      });
      sourceRows.push({
        teamId,
        contactId: id,
        platform: board.def.platform,
        profileId: String(100_000_000 + index),
        username: handle,
        url: `https://www.${board.def.platform}.com/${handle}`,
      });
      if (rand() < 0.2)
        sourceRows.push({
          teamId,
          contactId: id,
          platform: 'instagram' === board.def.platform ? 'facebook' : 'instagram',
          username: handle,
          url: null,
          profileId: null,
        });
      const stageIndex = Math.min(
        board.stageRows.length - 1,
        Math.floor(rand() ** 1.6 * board.stageRows.length),
      );
      const stage = board.stageRows[stageIndex]!;
      const questions =
        board.def.questions.length > 0
          ? ANSWERS.map(([question, answers]) => ({ question, answer: pick(answers) })).filter(
              (qa) => qa.answer,
            )
          : [];
      placementRows.push({
        teamId,
        contactId: id,
        pipelineId: board.id,
        stageId: stage.id,
        questions,
        rank: cardRanks[index]!,
        addedAt: new Date(created),
        stageChangedAt: new Date(created),
      });
      activity(id, created - CONTACT_ADDED_BACKDATE_MS.initial, {
        type: 'contact',
        action: 'created',
        data: { sources: [board.def.platform] },
      });
      activity(id, created - CONTACT_ADDED_BACKDATE_MS.pipelineAdd, {
        type: 'pipeline',
        action: 'added',
        pipelineId: board.id,
        data: { stageUID: board.stageRows[0]!.id },
      });
      let at = created;
      for (const passed of board.stageRows.slice(0, stageIndex + 1)) {
        historyRows.push({
          teamId,
          contactId: id,
          pipelineId: board.id,
          id: createPushId('sh_', at),
          stageId: passed.id,
          enteredAt: new Date(at),
          byUid: owner.uid,
        });
        if (passed !== board.stageRows[0])
          activity(id, at, {
            type: 'stage',
            action: 'changed',
            pipelineId: board.id,
            data: { to: passed.id, stage: passed.name },
          });
        at = Math.min(now, at + Math.floor(rand() * 6 * DAY));
      }
      for (const tag of [
        pick(interests),
        ...(rand() < 0.5 ? [pick(sourceTags)] : []),
        ...(board.def.platform === 'facebook' && rand() < 0.4 ? [pick(temperature)] : []),
      ]) {
        if (!tagRows.some((row) => row.contactId === id && row.tagId === tag.id))
          tagRows.push({ teamId, contactId: id, tagId: tag.id });
      }
      if (rand() < 0.2) {
        const text = pick(NOTES);
        const noteAt = Math.min(now, created + Math.floor(rand() * 10 * DAY));
        noteRows.push({
          teamId,
          id: createPushId('note_', noteAt),
          contactId: id,
          text,
          createdByUid: owner.uid,
          createdAt: new Date(noteAt),
          updatedAt: new Date(noteAt),
        });
        activity(id, noteAt, { type: 'note', action: 'added', note: text });
      }
      if (
        stage.name === 'Client' ||
        stage.name === 'Customer' ||
        (stage.name === 'Call booked' && rand() < 0.5)
      ) {
        const status = stage.name === 'Call booked' ? 'open' : 'won';
        const value = pick([197, 297, 497, 997]);
        dealRows.push({
          teamId,
          id: createPushId('deal_', at),
          contactId: id,
          pipelineId: board.id,
          name: '6-week program',
          value: value.toFixed(2),
          currency: 'USD',
          status,
          closedAt: status === 'won' ? new Date(at) : null,
          createdAt: new Date(at),
          updatedAt: new Date(at),
        });
        activity(id, at, {
          type: 'deal',
          action: status === 'won' ? 'won' : 'added',
          pipelineId: board.id,
          data: { name: '6-week program', value, currency: 'USD' },
        });
      }
    }
    for (const contact of contactRows.slice(0, 90)) {
      if (taskRand() > 0.4) continue;
      // Follow-ups from three days overdue to ten days ahead, a few already done; due at 8 am.
      const dueDate = new Date(now + Math.floor(taskRand() * 14 - 3) * DAY).toISOString().slice(0, 10);
      const isDone = taskRand() < 0.2;
      const taskId = createPushId('task_');
      taskRows.push({
        teamId,
        id: taskId,
        seriesId: taskId,
        contactId: contact.id,
        taskName: `${TASK_NAMES[Math.floor(taskRand() * TASK_NAMES.length)]!} ${contact.firstName}`,
        assigneeUid: owner.uid,
        dueDate,
        dueTime: null,
        timeZone: 'UTC',
        dueAt: new Date(computeDueAt({ date: dueDate, time: null, timeZone: 'UTC' })),
        status: isDone ? 'completed' : 'active',
        // Seeded tasks have no reminder job behind them, so none is promised.
        reminder: 'none',
        completedAt: isDone ? new Date(now - DAY) : null,
        createdByUid: owner.uid,
      });
    }
    // Last contacted as the contacts repository keeps it for history written through the app.
    const contactedAt = new Map<string, Date>();
    for (const row of activityRows) {
      const known = contactedAt.get(row.contactId);
      if (isContactMade(row) && !(known && known >= row.createdAt))
        contactedAt.set(row.contactId, row.createdAt);
    }
    for (const row of contactRows) row.lastContactedAt = contactedAt.get(row.id) ?? null;
    await insertInBatches(tx, contacts, contactRows);
    await insertInBatches(tx, contactSources, sourceRows);
    await insertInBatches(tx, contactPipelines, placementRows);
    await insertInBatches(tx, stageHistory, historyRows);
    await insertInBatches(tx, contactTags, tagRows);
    await insertInBatches(tx, notes, noteRows);
    await insertInBatches(tx, deals, dealRows);
    await insertInBatches(tx, tasks, taskRows);
    await insertInBatches(tx, activities, activityRows);
  });
}
