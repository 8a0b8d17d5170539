import { describe, expect, it } from 'vitest';
import {
  WORKFLOW_MAX_DEPTH,
  WORKFLOW_MAX_STEPS,
  WORKFLOW_RESTART_GUARD_MS,
  conditionsMet,
  describeStep,
  describeTrigger,
  describeWait,
  eventOfActivity,
  triggerMatches,
  waitEnds,
  waitMs,
  whyRunCannotStart,
  workflowConditionsSchema,
  findDefinitionProblem,
  workflowDefinitionSchema,
  workflowInputSchema,
  workflowTriggerSchema,
  type WorkflowActivity,
  type WorkflowDefinition,
  type WorkflowEvent,
  type WorkflowNames,
  type WorkflowPersonFacts,
  type WorkflowRunStatus,
  type WorkflowStep,
  type WorkflowTrigger,
} from './workflows';

// Monday 23 November 2026, 10:00 UTC: the clock every timed case reads.
const NOW = new Date('2026-11-23T10:00:00.000Z');

/** A history line, as the engine reads it from a contact's history. */
function line(type: string, action: string, pipelineId: string | null, data: Record<string, unknown> = {}) {
  return { type, action, pipelineId, data } satisfies WorkflowActivity;
}

/** A trigger with its defaults filled, as a saved workflow holds it. */
const trigger = (input: Record<string, unknown>): WorkflowTrigger => workflowTriggerSchema.parse(input);

/** The first message a refusal shows, or null when the input is accepted. */
function refusal(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

const STOP: WorkflowStep = { type: 'stopIfReplied' };
const definition = (overrides: Record<string, unknown> = {}) => ({
  trigger: { type: 'captured', pipelineId: 'leads' },
  steps: [STOP],
  ...overrides,
});

describe('eventOfActivity: which history lines start workflows', () => {
  it.each<[string, WorkflowActivity, WorkflowEvent]>([
    [
      'someone added to a pipeline is captured there',
      line('pipeline', 'added', 'leads'),
      { type: 'captured', pipelineId: 'leads' },
    ],
    [
      'an approved member request, with its pipeline',
      line('member_request', 'approved', 'leads'),
      { type: 'memberRequestApproved', pipelineId: 'leads' },
    ],
    [
      'an approved member request with no pipeline',
      line('member_request', 'approved', null),
      { type: 'memberRequestApproved', pipelineId: null },
    ],
    [
      'a stage move, with the stage left and the stage reached',
      line('stage', 'changed', 'leads', { from: 'new', to: 'contacted' }),
      { type: 'stageChanged', pipelineId: 'leads', fromStageId: 'new', toStageId: 'contacted' },
    ],
    [
      'a stage move with no stage left (a first placement)',
      line('stage', 'changed', 'leads', { to: 'contacted' }),
      { type: 'stageChanged', pipelineId: 'leads', fromStageId: null, toStageId: 'contacted' },
    ],
    [
      'a stage move whose stage left is empty reads as none',
      line('stage', 'changed', 'leads', { from: '', to: 'contacted' }),
      { type: 'stageChanged', pipelineId: 'leads', fromStageId: null, toStageId: 'contacted' },
    ],
    ['a tag added', line('tag', 'added', null, { tagUID: 'vip' }), { type: 'tagAdded', tagId: 'vip' }],
    ['a tag removed', line('tag', 'removed', null, { tagUID: 'vip' }), { type: 'tagRemoved', tagId: 'vip' }],
    ['a task completed', line('task', 'completed', null), { type: 'taskCompleted' }],
    [
      'a message sent, with its platform',
      line('message', 'sent', null, { platform: 'instagram' }),
      { type: 'messageSent', platform: 'instagram' },
    ],
    [
      'a message sent with no platform',
      line('message', 'sent', null),
      { type: 'messageSent', platform: null },
    ],
    [
      'a reply, with its platform',
      line('message', 'replied', null, { platform: 'facebook' }),
      { type: 'messageReplied', platform: 'facebook' },
    ],
  ])('%s', (_name, activity, expected) => {
    expect(eventOfActivity(activity)).toEqual(expected);
  });

  it.each<[string, WorkflowActivity]>([
    ['someone removed from a pipeline', line('pipeline', 'removed', 'leads')],
    ['someone added to no pipeline', line('pipeline', 'added', null)],
    ['a note added', line('note', 'added', null, { text: 'Called her' })],
    ['a stage move with no stage reached', line('stage', 'changed', 'leads', { from: 'new' })],
    ['a stage move whose stage reached is not text', line('stage', 'changed', 'leads', { to: 42 })],
    ['a stage move outside any pipeline', line('stage', 'changed', null, { to: 'contacted' })],
    ['a tag added without its tag', line('tag', 'added', null)],
    ['a tag removed with an empty tag', line('tag', 'removed', null, { tagUID: '' })],
    ['a tag renamed', line('tag', 'renamed', null, { tagUID: 'vip' })],
    ['a member request declined', line('member_request', 'declined', 'leads')],
    ['a task created', line('task', 'created', null)],
    ['a message queued', line('message', 'queued', null, { platform: 'instagram' })],
  ])('%s starts nothing', (_name, activity) => {
    expect(eventOfActivity(activity)).toBeNull();
  });
});

describe('triggerMatches: whether an event starts a workflow', () => {
  const moved = (fromStageId: string | null, toStageId: string, pipelineId = 'leads'): WorkflowEvent => ({
    type: 'stageChanged',
    pipelineId,
    fromStageId,
    toStageId,
  });

  it.each<[string, Record<string, unknown>, WorkflowEvent, boolean]>([
    [
      'captured: added to the pipeline named',
      { type: 'captured', pipelineId: 'leads' },
      { type: 'captured', pipelineId: 'leads' },
      true,
    ],
    [
      'captured: added to another pipeline',
      { type: 'captured', pipelineId: 'leads' },
      { type: 'captured', pipelineId: 'clients' },
      false,
    ],
    [
      'captured: a different event in the same pipeline',
      { type: 'captured', pipelineId: 'leads' },
      moved('new', 'contacted'),
      false,
    ],
    [
      'member request: approved for the pipeline named',
      { type: 'memberRequestApproved', pipelineId: 'leads' },
      { type: 'memberRequestApproved', pipelineId: 'leads' },
      true,
    ],
    [
      'member request: approved for another pipeline',
      { type: 'memberRequestApproved', pipelineId: 'leads' },
      { type: 'memberRequestApproved', pipelineId: 'clients' },
      false,
    ],
    [
      'member request: approved with no pipeline, when one is named',
      { type: 'memberRequestApproved', pipelineId: 'leads' },
      { type: 'memberRequestApproved', pipelineId: null },
      false,
    ],
    [
      'member request: no pipeline named matches any approval',
      { type: 'memberRequestApproved' },
      { type: 'memberRequestApproved', pipelineId: 'clients' },
      true,
    ],
    [
      'member request: no pipeline named matches an approval with none',
      { type: 'memberRequestApproved' },
      { type: 'memberRequestApproved', pipelineId: null },
      true,
    ],
    [
      'member request: no pipeline named, but someone captured',
      { type: 'memberRequestApproved' },
      { type: 'captured', pipelineId: 'leads' },
      false,
    ],
    [
      'stage: moved to the stage named',
      { type: 'stageChanged', pipelineId: 'leads', toStageId: 'contacted' },
      moved('new', 'contacted'),
      true,
    ],
    [
      'stage: a first placement in the stage named',
      { type: 'stageChanged', pipelineId: 'leads', toStageId: 'contacted' },
      moved(null, 'contacted'),
      true,
    ],
    [
      'stage: moved to another stage',
      { type: 'stageChanged', pipelineId: 'leads', toStageId: 'contacted' },
      moved('new', 'won'),
      false,
    ],
    [
      'stage: moved to a stage of the same id in another pipeline',
      { type: 'stageChanged', pipelineId: 'leads', toStageId: 'contacted' },
      moved('new', 'contacted', 'clients'),
      false,
    ],
    [
      'stage: left the stage named, for any stage',
      { type: 'stageChanged', pipelineId: 'leads', fromStageId: 'new' },
      moved('new', 'won'),
      true,
    ],
    [
      'stage: left another stage',
      { type: 'stageChanged', pipelineId: 'leads', fromStageId: 'new' },
      moved('contacted', 'won'),
      false,
    ],
    [
      'stage: a first placement has left no stage',
      { type: 'stageChanged', pipelineId: 'leads', fromStageId: 'new' },
      moved(null, 'won'),
      false,
    ],
    [
      'stage: from one named stage to another',
      { type: 'stageChanged', pipelineId: 'leads', fromStageId: 'new', toStageId: 'won' },
      moved('new', 'won'),
      true,
    ],
    [
      'stage: to the stage named, but from another',
      { type: 'stageChanged', pipelineId: 'leads', fromStageId: 'new', toStageId: 'won' },
      moved('contacted', 'won'),
      false,
    ],
    [
      'stage: from the stage named, but to another',
      { type: 'stageChanged', pipelineId: 'leads', fromStageId: 'new', toStageId: 'won' },
      moved('new', 'lost'),
      false,
    ],
    [
      'stage: a "move" to the stage they are already in',
      { type: 'stageChanged', pipelineId: 'leads', toStageId: 'contacted' },
      moved('contacted', 'contacted'),
      false,
    ],
    [
      'stage: a "move" out of and back into the stage named',
      { type: 'stageChanged', pipelineId: 'leads', fromStageId: 'contacted' },
      moved('contacted', 'contacted'),
      false,
    ],
    [
      'stage: a tag added is no move',
      { type: 'stageChanged', pipelineId: 'leads', toStageId: 'contacted' },
      { type: 'tagAdded', tagId: 'contacted' },
      false,
    ],
    [
      'tag added: the tag named',
      { type: 'tagAdded', tagId: 'vip' },
      { type: 'tagAdded', tagId: 'vip' },
      true,
    ],
    [
      'tag added: another tag',
      { type: 'tagAdded', tagId: 'vip' },
      { type: 'tagAdded', tagId: 'cold' },
      false,
    ],
    [
      'tag added: the tag named, removed',
      { type: 'tagAdded', tagId: 'vip' },
      { type: 'tagRemoved', tagId: 'vip' },
      false,
    ],
    [
      'tag removed: the tag named',
      { type: 'tagRemoved', tagId: 'vip' },
      { type: 'tagRemoved', tagId: 'vip' },
      true,
    ],
    [
      'tag removed: the tag named, added',
      { type: 'tagRemoved', tagId: 'vip' },
      { type: 'tagAdded', tagId: 'vip' },
      false,
    ],
    [
      'tag removed: another tag',
      { type: 'tagRemoved', tagId: 'vip' },
      { type: 'tagRemoved', tagId: 'cold' },
      false,
    ],
    ['task: a task completed', { type: 'taskCompleted' }, { type: 'taskCompleted' }, true],
    [
      'task: a message sent is no task',
      { type: 'taskCompleted' },
      { type: 'messageSent', platform: null },
      false,
    ],
    [
      'message sent: no platform named matches any platform',
      { type: 'messageSent' },
      { type: 'messageSent', platform: 'tiktok' },
      true,
    ],
    [
      'message sent: no platform named matches a send with none',
      { type: 'messageSent' },
      { type: 'messageSent', platform: null },
      true,
    ],
    [
      'message sent: on the platform named',
      { type: 'messageSent', platform: 'instagram' },
      { type: 'messageSent', platform: 'instagram' },
      true,
    ],
    [
      'message sent: on another platform',
      { type: 'messageSent', platform: 'instagram' },
      { type: 'messageSent', platform: 'facebook' },
      false,
    ],
    [
      'message sent: a reply is no send',
      { type: 'messageSent' },
      { type: 'messageReplied', platform: 'instagram' },
      false,
    ],
    [
      'reply: no platform named matches any platform',
      { type: 'messageReplied' },
      { type: 'messageReplied', platform: 'linkedin' },
      true,
    ],
    [
      'reply: on the platform named',
      { type: 'messageReplied', platform: 'linkedin' },
      { type: 'messageReplied', platform: 'linkedin' },
      true,
    ],
    [
      'reply: on another platform',
      { type: 'messageReplied', platform: 'linkedin' },
      { type: 'messageReplied', platform: null },
      false,
    ],
    [
      'reply: a send is no reply',
      { type: 'messageReplied', platform: 'linkedin' },
      { type: 'messageSent', platform: 'linkedin' },
      false,
    ],
    [
      'days in stage: never from an event, even a move into its stage',
      { type: 'daysInStage', pipelineId: 'leads', stageId: 'contacted', days: 3 },
      moved('new', 'contacted'),
      false,
    ],
    [
      'date: never from an event, even a capture in its pipeline',
      { type: 'date', pipelineId: 'leads', at: '2026-12-01T09:00:00.000Z' },
      { type: 'captured', pipelineId: 'leads' },
      false,
    ],
  ])('%s', (_name, input, event, expected) => {
    expect(triggerMatches(trigger(input), event)).toBe(expected);
  });
});

describe('conditionsMet: who a workflow is for', () => {
  const ana: WorkflowPersonFacts = {
    placements: [
      { pipelineId: 'leads', stageId: 'contacted' },
      { pipelineId: 'clients', stageId: 'onboarding' },
    ],
    tagIds: new Set(['vip', 'lisbon']),
    platforms: new Set(['instagram']),
    hasEmail: true,
    hasPhone: false,
    answers: ['I run a Bakery in Lisbon', 'ana.lima@example.com'],
  };

  const rules = (
    conditions: Record<string, unknown>,
    triggerInput: Record<string, unknown> = { type: 'captured', pipelineId: 'leads' },
  ) =>
    ({
      trigger: trigger(triggerInput),
      conditions: workflowConditionsSchema.parse(conditions),
    }) satisfies Pick<WorkflowDefinition, 'trigger' | 'conditions'>;

  it.each<[string, ReturnType<typeof rules>, boolean]>([
    ['no conditions: everyone', rules({}), true],
    ['in the pipeline named', rules({ pipelineId: 'clients' }), true],
    ['not in the pipeline named', rules({ pipelineId: 'partners' }), false],
    [
      'in one of the stages named, of the trigger’s pipeline',
      rules({ stageIds: ['new', 'contacted'] }),
      true,
    ],
    ['in none of the stages named', rules({ stageIds: ['new', 'won'] }), false],
    [
      'in a stage named, but of another pipeline than the trigger’s',
      rules({ stageIds: ['onboarding'] }),
      false,
    ],
    [
      'a trigger with no pipeline: a stage named in any pipeline',
      rules({ stageIds: ['onboarding'] }, { type: 'taskCompleted' }),
      true,
    ],
    [
      'a trigger with no pipeline: the stages read in the conditions’ pipeline',
      rules({ pipelineId: 'clients', stageIds: ['onboarding'] }, { type: 'taskCompleted' }),
      true,
    ],
    [
      'a trigger with no pipeline: a stage named, but of another pipeline than the conditions’',
      rules({ pipelineId: 'clients', stageIds: ['contacted'] }, { type: 'taskCompleted' }),
      false,
    ],
    [
      'the stages read in the conditions’ pipeline before the trigger’s',
      rules({ pipelineId: 'clients', stageIds: ['onboarding'] }),
      true,
    ],
    ['any of the tags: one of them', rules({ tags: { mode: 'any', tagIds: ['cold', 'vip'] } }), true],
    ['any of the tags: none of them', rules({ tags: { mode: 'any', tagIds: ['cold', 'porto'] } }), false],
    ['all of the tags: every one', rules({ tags: { mode: 'all', tagIds: ['vip', 'lisbon'] } }), true],
    ['all of the tags: only some', rules({ tags: { mode: 'all', tagIds: ['vip', 'cold'] } }), false],
    ['on one of the platforms named', rules({ platforms: ['facebook', 'instagram'] }), true],
    ['on none of the platforms named', rules({ platforms: ['facebook', 'tiktok'] }), false],
    ['has an email, when one is wanted', rules({ hasEmail: true }), true],
    ['has an email, when none is wanted', rules({ hasEmail: false }), false],
    ['has no phone, when one is wanted', rules({ hasPhone: true }), false],
    ['has no phone, when none is wanted', rules({ hasPhone: false }), true],
    ['an answer contains the word, in another case', rules({ answerContains: 'BAKERY' }), true],
    ['no answer contains the word', rules({ answerContains: 'florist' }), false],
    ['an empty word asks nothing', rules({ answerContains: '   ' }), true],
    [
      'every condition holds',
      rules({
        pipelineId: 'leads',
        stageIds: ['contacted'],
        tags: { mode: 'all', tagIds: ['vip'] },
        platforms: ['instagram'],
        hasEmail: true,
        hasPhone: false,
        answerContains: 'lisbon',
      }),
      true,
    ],
    [
      'every condition holds but one',
      rules({
        pipelineId: 'leads',
        stageIds: ['contacted'],
        tags: { mode: 'all', tagIds: ['vip'] },
        platforms: ['instagram'],
        hasEmail: true,
        hasPhone: true,
        answerContains: 'lisbon',
      }),
      false,
    ],
  ])('%s', (_name, definitionRules, expected) => {
    expect(conditionsMet(definitionRules, ana)).toBe(expected);
  });

  it('someone with nothing on record is for a workflow with no conditions, and no other', () => {
    const nobody: WorkflowPersonFacts = {
      placements: [],
      tagIds: new Set(),
      platforms: new Set(),
      hasEmail: false,
      hasPhone: false,
      answers: [],
    };
    expect(conditionsMet(rules({}), nobody)).toBe(true);
    expect(conditionsMet(rules({ answerContains: 'bakery' }), nobody)).toBe(false);
    expect(conditionsMet(rules({ stageIds: ['contacted'] }), nobody)).toBe(false);
  });
});

describe('saving a workflow: what the editor refuses', () => {
  const wait = (amount: number, unit: string) => ({ type: 'wait', amount, unit });

  it.each<[string, Record<string, unknown>, string]>([
    ['no steps', definition({ steps: [] }), 'Add at least one step.'],
    ['a wait of 366 days', definition({ steps: [wait(366, 'days'), STOP] }), 'A wait is at most 365 days.'],
    [
      'a wait of 8,785 hours (just over 365 days)',
      definition({ steps: [wait(365 * 24 + 1, 'hours'), STOP] }),
      'A wait is at most 365 days.',
    ],
    ['a wait of nothing', definition({ steps: [wait(0, 'hours'), STOP] }), 'Wait at least 1.'],
    [
      'a stage trigger naming neither stage',
      definition({ trigger: { type: 'stageChanged', pipelineId: 'leads' } }),
      'Name the stage the person moves to, or the one they leave.',
    ],
    [
      'a stage trigger with both stages null',
      definition({
        trigger: { type: 'stageChanged', pipelineId: 'leads', toStageId: null, fromStageId: null },
      }),
      'Name the stage the person moves to, or the one they leave.',
    ],
    [
      `${WORKFLOW_MAX_STEPS + 1} steps`,
      definition({ steps: Array.from({ length: WORKFLOW_MAX_STEPS + 1 }, () => STOP) }),
      `A workflow has at most ${WORKFLOW_MAX_STEPS} steps.`,
    ],
    ['adding no tags', definition({ steps: [{ type: 'addTags', tagIds: [] }] }), 'Pick at least one tag.'],
    ['a blank note', definition({ steps: [{ type: 'addNote', text: '   ' }] }), 'A note needs some text.'],
    [
      'waiting 0 days in a stage',
      definition({ trigger: { type: 'daysInStage', pipelineId: 'leads', stageId: 'new', days: 0 } }),
      'Days must be at least 1.',
    ],
  ])('refuses %s', (_name, input, message) => {
    expect(refusal(workflowDefinitionSchema.safeParse(input))).toBe(message);
  });

  it.each<[string, Record<string, unknown>]>([
    ['a wait of exactly 365 days', definition({ steps: [wait(365, 'days'), STOP] })],
    ['a wait of 525,600 minutes (365 days)', definition({ steps: [wait(525_600, 'minutes'), STOP] })],
    [
      `${WORKFLOW_MAX_STEPS} steps`,
      definition({ steps: Array.from({ length: WORKFLOW_MAX_STEPS }, () => STOP) }),
    ],
    ['a wait followed by a step', definition({ steps: [wait(1, 'hours'), STOP] })],
    [
      'a stage trigger naming only the stage left',
      definition({ trigger: { type: 'stageChanged', pipelineId: 'leads', fromStageId: 'new' } }),
    ],
  ])('accepts %s', (_name, input) => {
    expect(refusal(workflowDefinitionSchema.safeParse(input))).toBeNull();
  });

  it.each<[string, Record<string, unknown>]>([
    ['ending with a wait', definition({ steps: [STOP, wait(2, 'days')] })],
    ['only a wait', definition({ steps: [wait(10, 'minutes')] })],
  ])('refuses %s, once its shape is right', (_name, input) => {
    expect(findDefinitionProblem(workflowDefinitionSchema.parse(input))?.message).toBe(
      'A workflow cannot end with a wait: add the step that follows it.',
    );
  });

  it('points the "ends with a wait" refusal at the last step, and passes a wait followed by a step', () => {
    const definitionOf = (steps: Record<string, unknown>[]) =>
      workflowDefinitionSchema.parse(definition({ steps }));
    expect(findDefinitionProblem(definitionOf([STOP, STOP, wait(2, 'days')]))?.path).toEqual(['steps', 2]);
    expect(findDefinitionProblem(definitionOf([wait(1, 'hours'), STOP]))).toBeNull();
  });

  it('refuses a step type it does not know, at that step', () => {
    const result = workflowDefinitionSchema.safeParse(definition({ steps: [{ type: 'sendEmail' }] }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'invalid_union', path: ['steps', 0, 'type'] });
  });

  it.each<[string, string]>([
    ['', 'Name the workflow.'],
    ['   ', 'Name the workflow.'],
    ['x'.repeat(101), 'A name is at most 100 characters.'],
  ])('refuses the name %j', (name, message) => {
    expect(refusal(workflowInputSchema.safeParse({ name, definition: definition() }))).toBe(message);
  });

  it('fills the conditions, the status and the trigger’s optional parts with their defaults', () => {
    const parsed = workflowInputSchema.parse({
      name: '  Welcome  ',
      definition: { trigger: { type: 'messageReplied' }, steps: [STOP] },
    });
    expect(parsed).toEqual({
      name: 'Welcome',
      status: 'paused',
      definition: {
        trigger: { type: 'messageReplied', platform: null },
        conditions: {
          pipelineId: null,
          stageIds: [],
          tags: null,
          platforms: [],
          hasEmail: null,
          hasPhone: null,
          answerContains: null,
        },
        steps: [STOP],
      },
    });
  });

  it('fills the stage left with none when only the stage reached is named', () => {
    const parsed = workflowDefinitionSchema.parse(
      definition({ trigger: { type: 'stageChanged', pipelineId: 'leads', toStageId: 'won' } }),
    );
    expect(parsed.trigger).toEqual({
      type: 'stageChanged',
      pipelineId: 'leads',
      toStageId: 'won',
      fromStageId: null,
    });
  });
});

describe('waits', () => {
  it.each<[number, 'minutes' | 'hours' | 'days', number, string]>([
    [1, 'minutes', 60_000, '2026-11-23T10:01:00.000Z'],
    [90, 'minutes', 5_400_000, '2026-11-23T11:30:00.000Z'],
    [1, 'hours', 3_600_000, '2026-11-23T11:00:00.000Z'],
    [36, 'hours', 129_600_000, '2026-11-24T22:00:00.000Z'],
    [1, 'days', 86_400_000, '2026-11-24T10:00:00.000Z'],
    [10, 'days', 864_000_000, '2026-12-03T10:00:00.000Z'],
    [365, 'days', 31_536_000_000, '2027-11-23T10:00:00.000Z'],
  ])('a wait of %i %s from Monday 10:00 UTC ends at the right moment', (amount, unit, ms, ends) => {
    expect(waitMs({ amount, unit })).toBe(ms);
    expect(waitEnds({ amount, unit }, NOW).toISOString()).toBe(ends);
  });

  it('does not move the clock it starts from', () => {
    const now = new Date(NOW);
    waitEnds({ amount: 2, unit: 'days' }, now);
    expect(now.toISOString()).toBe(NOW.toISOString());
  });

  it.each<[number, 'minutes' | 'hours' | 'days', string]>([
    [1, 'minutes', '1 minute'],
    [15, 'minutes', '15 minutes'],
    [1, 'hours', '1 hour'],
    [2, 'hours', '2 hours'],
    [1, 'days', '1 day'],
    [7, 'days', '7 days'],
  ])('a wait of %i %s reads "%s"', (amount, unit, words) => {
    expect(describeWait({ amount, unit })).toBe(words);
  });
});

describe('whyRunCannotStart: the loop guard', () => {
  const ago = (ms: number) => new Date(NOW.getTime() - ms);
  const lastRun = (status: WorkflowRunStatus, ms: number) => ({ status, startedAt: ago(ms) });
  const GOING = 'Not started: a run for this person is still going.';
  const RECENT = 'Not started: this workflow ran for this person less than a day ago.';
  const TOO_DEEP = `Not started: a chain of workflows goes at most ${WORKFLOW_MAX_DEPTH + 1} deep.`;
  const MINUTE = 60_000;

  it.each<[string, { depth: number; lastRun: ReturnType<typeof lastRun> | null }, string | null]>([
    ['never ran for this person', { depth: 0, lastRun: null }, null],
    [
      'a run still going, started a week ago',
      { depth: 0, lastRun: lastRun('running', 7 * 86_400_000) },
      GOING,
    ],
    ['a run paused, started a week ago', { depth: 0, lastRun: lastRun('paused', 7 * 86_400_000) }, GOING],
    [
      'a finished run started 23h59m ago',
      { depth: 0, lastRun: lastRun('done', WORKFLOW_RESTART_GUARD_MS - MINUTE) },
      RECENT,
    ],
    [
      'a failed run started 1ms short of a day ago',
      { depth: 0, lastRun: lastRun('failed', WORKFLOW_RESTART_GUARD_MS - 1) },
      RECENT,
    ],
    ['a cancelled run started just now', { depth: 0, lastRun: lastRun('cancelled', 0) }, RECENT],
    [
      'a finished run started exactly a day ago',
      { depth: 0, lastRun: lastRun('done', WORKFLOW_RESTART_GUARD_MS) },
      null,
    ],
    [
      'a cancelled run started a day and a minute ago',
      { depth: 0, lastRun: lastRun('cancelled', WORKFLOW_RESTART_GUARD_MS + MINUTE) },
      null,
    ],
    [`a chain ${WORKFLOW_MAX_DEPTH} deep, never ran`, { depth: WORKFLOW_MAX_DEPTH, lastRun: null }, null],
    [
      `a chain ${WORKFLOW_MAX_DEPTH + 1} deep, never ran`,
      { depth: WORKFLOW_MAX_DEPTH + 1, lastRun: null },
      TOO_DEEP,
    ],
    [
      'a chain too deep, even with a run still going',
      { depth: WORKFLOW_MAX_DEPTH + 1, lastRun: lastRun('running', MINUTE) },
      TOO_DEEP,
    ],
  ])('%s', (_name, input, expected) => {
    expect(whyRunCannotStart({ ...input, now: NOW })).toBe(expected);
  });

  it('reads three workflows as the deepest chain', () => {
    expect(WORKFLOW_MAX_DEPTH).toBe(2);
    expect(TOO_DEEP).toBe('Not started: a chain of workflows goes at most 3 deep.');
  });
});

describe('a workflow in words', () => {
  const NAMES: Record<keyof WorkflowNames, Record<string, string>> = {
    pipeline: { leads: 'Leads' },
    stage: { new: 'New', contacted: 'Contacted' },
    tag: { vip: 'VIP', lisbon: 'Lisbon' },
    taskTemplate: { call: 'Call them' },
    messageTemplate: { hello: 'Hello' },
    connection: { hook: 'Zapier' },
  };
  const names: WorkflowNames = {
    pipeline: (key) => NAMES.pipeline[key],
    stage: (key) => NAMES.stage[key],
    tag: (key) => NAMES.tag[key],
    taskTemplate: (key) => NAMES.taskTemplate[key],
    messageTemplate: (key) => NAMES.messageTemplate[key],
    connection: (key) => NAMES.connection[key],
  };

  it.each<[Record<string, unknown>, string]>([
    [{ type: 'captured', pipelineId: 'leads' }, 'When someone is added to "Leads"'],
    [{ type: 'captured', pipelineId: 'gone' }, 'When someone is added to a deleted pipeline'],
    [{ type: 'memberRequestApproved' }, 'When a member request is approved'],
    [{ type: 'memberRequestApproved', pipelineId: 'leads' }, 'When a member request for "Leads" is approved'],
    [
      { type: 'stageChanged', pipelineId: 'leads', toStageId: 'contacted' },
      'When someone in "Leads" moves to "Contacted"',
    ],
    [
      { type: 'stageChanged', pipelineId: 'leads', fromStageId: 'new' },
      'When someone in "Leads" moves from "New"',
    ],
    [
      { type: 'stageChanged', pipelineId: 'leads', fromStageId: 'new', toStageId: 'gone' },
      'When someone in "Leads" moves from "New" to a deleted stage',
    ],
    [{ type: 'tagAdded', tagId: 'vip' }, 'When the tag "VIP" is added'],
    [{ type: 'tagRemoved', tagId: 'gone' }, 'When the tag a deleted tag is removed'],
    [{ type: 'taskCompleted' }, 'When a task of theirs is completed'],
    [{ type: 'messageSent' }, 'When a message is sent to them'],
    [{ type: 'messageSent', platform: 'tiktok' }, 'When a message is sent to them on TikTok'],
    [{ type: 'messageReplied' }, 'When they reply'],
    [{ type: 'messageReplied', platform: 'linkedin' }, 'When they reply on LinkedIn'],
    [
      { type: 'daysInStage', pipelineId: 'leads', stageId: 'new', days: 1 },
      'When someone has been 1 day in "New" of "Leads"',
    ],
    [
      { type: 'daysInStage', pipelineId: 'leads', stageId: 'gone', days: 14 },
      'When someone has been 14 days in a deleted stage of "Leads"',
    ],
    [
      { type: 'date', pipelineId: 'leads', at: '2026-12-01T09:30:00.000Z' },
      'On 2026-12-01 at 09:30 (UTC), for everyone in "Leads"',
    ],
  ])('the trigger %j reads as %j', (input, words) => {
    expect(describeTrigger(trigger(input), names)).toBe(words);
  });

  const note = (length: number) => 'a'.repeat(length);

  it.each<[WorkflowStep, string]>([
    [{ type: 'moveStage', pipelineId: 'leads', stageId: 'contacted' }, 'Move to "Contacted"'],
    [{ type: 'moveStage', pipelineId: 'leads', stageId: 'gone' }, 'Move to a deleted stage'],
    [{ type: 'addTags', tagIds: ['vip'] }, 'Add the tag "VIP"'],
    [{ type: 'addTags', tagIds: ['vip', 'gone', 'lisbon'] }, 'Add the tags "VIP", a deleted tag, "Lisbon"'],
    [{ type: 'removeTags', tagIds: ['lisbon'] }, 'Remove the tag "Lisbon"'],
    [{ type: 'removeTags', tagIds: ['vip', 'lisbon'] }, 'Remove the tags "VIP", "Lisbon"'],
    [{ type: 'createTask', templateId: 'call' }, 'Create the task "Call them"'],
    [{ type: 'createTask', templateId: 'gone' }, 'Create the task a deleted task template'],
    [
      { type: 'queueMessage', templateId: 'hello', platform: 'instagram' },
      'Queue the message "Hello" on Instagram',
    ],
    [
      { type: 'queueMessage', templateId: 'gone', platform: 'youtube' },
      'Queue the message a deleted message template on YouTube',
    ],
    [{ type: 'addNote', text: 'Met at the bakery fair' }, 'Add a note: Met at the bakery fair'],
    [{ type: 'addNote', text: note(60) }, `Add a note: ${note(60)}`],
    [{ type: 'addNote', text: note(61) }, `Add a note: ${note(57)}…`],
    [{ type: 'wait', amount: 1, unit: 'days' }, 'Wait 1 day'],
    [{ type: 'wait', amount: 3, unit: 'hours' }, 'Wait 3 hours'],
    [{ type: 'stopIfReplied' }, 'Stop if they have replied'],
    [{ type: 'sendToConnection', connectionId: 'hook' }, 'Send them to the connection "Zapier"'],
    [{ type: 'sendToConnection', connectionId: 'gone' }, 'Send them to a deleted connection'],
  ])('the step %j reads as %j', (step, words) => {
    expect(describeStep(step, names)).toBe(words);
  });
});
