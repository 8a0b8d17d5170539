import { z } from 'zod';
import { PLATFORM_NAMES, SOCIAL_PLATFORMS } from './constants';

/*
 * Workflows (SPEC §3): a trigger, optional conditions and ordered steps, run once per person by the
 * server's engine. Everything here is pure: what an event is, whether a trigger and the conditions
 * match, when a wait ends and whether a run may start. The engine (apps/server, modules/workflows)
 * does the I/O.
 */

/** A workflow is switched on (running) or paused (SPEC §4). */
export const WORKFLOW_STATUSES = ['running', 'paused'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/** Where one person's run of a workflow stands (SPEC §3 active-automations). */
export const WORKFLOW_RUN_STATUSES = ['running', 'paused', 'done', 'failed', 'cancelled'] as const;
export type WorkflowRunStatus = (typeof WORKFLOW_RUN_STATUSES)[number];

/** A workflow does not start again for the same person within this time of its last start. */
export const WORKFLOW_RESTART_GUARD_MS = 24 * 3_600_000;
/**
 * How deep a chain of workflows may go: a person captured starts A (depth 0), whose tag starts B
 * (depth 1), whose stage move starts C (depth 2); what C's steps do starts nothing more.
 */
export const WORKFLOW_MAX_DEPTH = 2;
/** A step that fails for an unexpected reason (not a refusal) is tried this many times in all. */
export const WORKFLOW_STEP_ATTEMPTS = 3;
export const WORKFLOW_MAX_STEPS = 20;
/** The longest wait one step may hold a person. */
export const WORKFLOW_MAX_WAIT_DAYS = 365;

const id = z.string().trim().min(1).max(100);
const ids = (what: string) =>
  z.array(id).min(1, `Pick at least one ${what}.`).max(50, `Pick at most 50 ${what}s.`);

/** What starts a workflow for a person. */
export const workflowTriggerSchema = z.discriminatedUnion('type', [
  /** The person is added to the pipeline: captured, imported, added by hand or by a member request. */
  z.object({ type: z.literal('captured'), pipelineId: id }).strict(),
  /** The person's member request is approved (in any group connected to the pipeline when one is named). */
  z.object({ type: z.literal('memberRequestApproved'), pipelineId: id.nullable().default(null) }).strict(),
  /** The person moves to a stage, or out of one (at least one of the two is named). */
  z
    .object({
      type: z.literal('stageChanged'),
      pipelineId: id,
      toStageId: id.nullable().default(null),
      fromStageId: id.nullable().default(null),
    })
    .strict()
    .refine((trigger) => trigger.toStageId !== null || trigger.fromStageId !== null, {
      message: 'Name the stage the person moves to, or the one they leave.',
      path: ['toStageId'],
    }),
  z.object({ type: z.literal('tagAdded'), tagId: id }).strict(),
  z.object({ type: z.literal('tagRemoved'), tagId: id }).strict(),
  z.object({ type: z.literal('taskCompleted') }).strict(),
  /** A message is sent to the person (by the queue), on any platform when none is named. */
  z
    .object({ type: z.literal('messageSent'), platform: z.enum(SOCIAL_PLATFORMS).nullable().default(null) })
    .strict(),
  /** The person replies (the extension reports it from the conversation). */
  z
    .object({
      type: z.literal('messageReplied'),
      platform: z.enum(SOCIAL_PLATFORMS).nullable().default(null),
    })
    .strict(),
  /** The person has stayed in a stage this many days without a move. */
  z
    .object({
      type: z.literal('daysInStage'),
      pipelineId: id,
      stageId: id,
      days: z.number().int().min(1, 'Days must be at least 1.').max(365, 'Days must be at most 365.'),
    })
    .strict(),
  /** At a moment: every person of the pipeline who meets the conditions, once. */
  z.object({ type: z.literal('date'), pipelineId: id, at: z.iso.datetime({ offset: true }) }).strict(),
]);
export type WorkflowTrigger = z.infer<typeof workflowTriggerSchema>;
export type WorkflowTriggerType = WorkflowTrigger['type'];

/** Who a workflow is for, beyond its trigger; every condition given must hold. */
export const workflowConditionsSchema = z
  .object({
    pipelineId: id.nullable().default(null),
    /** In one of these stages (of the condition's pipeline, else of the trigger's). */
    stageIds: z.array(id).max(50).default([]),
    tags: z
      .object({ mode: z.enum(['any', 'all']), tagIds: ids('tag') })
      .strict()
      .nullable()
      .default(null),
    platforms: z.array(z.enum(SOCIAL_PLATFORMS)).max(SOCIAL_PLATFORMS.length).default([]),
    hasEmail: z.boolean().nullable().default(null),
    hasPhone: z.boolean().nullable().default(null),
    /** One of the person's answers to the membership questions contains this word (any case). */
    answerContains: z.string().trim().max(100).nullable().default(null),
  })
  .strict();
export type WorkflowConditions = z.infer<typeof workflowConditionsSchema>;

export const WAIT_UNITS = ['minutes', 'hours', 'days'] as const;
export type WaitUnit = (typeof WAIT_UNITS)[number];

/** One step a workflow takes for a person. */
export const workflowStepSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('moveStage'), pipelineId: id, stageId: id }).strict(),
  z.object({ type: z.literal('addTags'), tagIds: ids('tag') }).strict(),
  z.object({ type: z.literal('removeTags'), tagIds: ids('tag') }).strict(),
  z.object({ type: z.literal('createTask'), templateId: id }).strict(),
  /** A message template, rendered for the person, queued in the workflow's owner's queue. */
  z.object({ type: z.literal('queueMessage'), templateId: id, platform: z.enum(SOCIAL_PLATFORMS) }).strict(),
  z
    .object({
      type: z.literal('addNote'),
      text: z
        .string()
        .trim()
        .min(1, 'A note needs some text.')
        .max(5000, 'A note is at most 5,000 characters.'),
    })
    .strict(),
  z
    .object({
      type: z.literal('wait'),
      amount: z.number().int().min(1, 'Wait at least 1.'),
      unit: z.enum(WAIT_UNITS),
    })
    .strict()
    .refine((step) => waitMs(step) <= WORKFLOW_MAX_WAIT_DAYS * 86_400_000, {
      message: `A wait is at most ${WORKFLOW_MAX_WAIT_DAYS} days.`,
      path: ['amount'],
    }),
  /** Ends the run here when the person has replied since it started. */
  z.object({ type: z.literal('stopIfReplied') }).strict(),
  /** Sends the person as they are now to a connection (a webhook, a sheet, a CRM). */
  z.object({ type: z.literal('sendToConnection'), connectionId: id }).strict(),
]);
export type WorkflowStep = z.infer<typeof workflowStepSchema>;
export type WorkflowStepType = WorkflowStep['type'];

/** What a workflow does: the part a run keeps the version of. */
export const workflowDefinitionSchema = z
  .object({
    trigger: workflowTriggerSchema,
    conditions: workflowConditionsSchema.default(workflowConditionsSchema.parse({})),
    steps: z
      .array(workflowStepSchema)
      .min(1, 'Add at least one step.')
      .max(WORKFLOW_MAX_STEPS, `A workflow has at most ${WORKFLOW_MAX_STEPS} steps.`),
  })
  .strict();
export type WorkflowDefinition = z.infer<typeof workflowDefinitionSchema>;

/**
 * What a well-formed definition may still get wrong as a whole: the server checks it after the
 * member's access (a stranger learns nothing of the rules), the editor before saving.
 */
export function findDefinitionProblem(
  definition: Pick<WorkflowDefinition, 'steps'>,
): { path: (string | number)[]; message: string } | null {
  if (definition.steps.at(-1)?.type === 'wait') {
    return {
      path: ['steps', definition.steps.length - 1],
      message: 'A workflow cannot end with a wait: add the step that follows it.',
    };
  }
  return null;
}

export const workflowInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name the workflow.').max(100, 'A name is at most 100 characters.'),
    status: z.enum(WORKFLOW_STATUSES).default('paused'),
    definition: workflowDefinitionSchema,
  })
  .strict();
export type WorkflowInput = z.infer<typeof workflowInputSchema>;

export const workflowSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(WORKFLOW_STATUSES),
  version: z.number().int(),
  definition: workflowDefinitionSchema,
  createdByUid: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The team's runs of it per status, for the list. */
  runs: z.partialRecord(z.enum(WORKFLOW_RUN_STATUSES), z.number().int()),
});
export type Workflow = z.infer<typeof workflowSchema>;

/** One step a run took, as its log keeps it. */
export const workflowRunStepLogSchema = z.object({
  step: z.number().int(),
  type: z.string(),
  at: z.string(),
  outcome: z.enum(['done', 'waiting', 'stopped', 'failed', 'retrying']),
  message: z.string(),
});
export type WorkflowRunStepLog = z.infer<typeof workflowRunStepLogSchema>;

export const workflowRunSchema = z.object({
  id: z.string(),
  workflowId: z.string(),
  workflowName: z.string(),
  version: z.number().int(),
  contactId: z.string(),
  contactName: z.string(),
  status: z.enum(WORKFLOW_RUN_STATUSES),
  /** The step it is at (0-based) and, in words, what it is doing (SPEC §3 `action`). */
  step: z.number().int(),
  action: z.string(),
  /** The history line that started it (SPEC §3 `activityUID`); null for a time trigger. */
  activityUID: z.string().nullable(),
  startedAt: z.string(),
  updatedAt: z.string(),
  nextAt: z.string().nullable(),
  error: z.string().nullable(),
  log: z.array(workflowRunStepLogSchema),
});
export type WorkflowRun = z.infer<typeof workflowRunSchema>;

/**
 * A change to a person, as a trigger reads it: one line of the contact's history (every change writes
 * one, in its transaction), reduced to what triggers compare.
 */
export type WorkflowEvent =
  | { type: 'captured'; pipelineId: string }
  | { type: 'memberRequestApproved'; pipelineId: string | null }
  | { type: 'stageChanged'; pipelineId: string; fromStageId: string | null; toStageId: string }
  | { type: 'tagAdded' | 'tagRemoved'; tagId: string }
  | { type: 'taskCompleted' }
  | { type: 'messageSent' | 'messageReplied'; platform: string | null };

/** A history line as the engine reads it. */
export interface WorkflowActivity {
  type: string;
  action: string;
  pipelineId: string | null;
  data: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The event a history line is, or null when no trigger listens for it. */
export function eventOfActivity(activity: WorkflowActivity): WorkflowEvent | null {
  const { type, action, pipelineId, data } = activity;
  if (type === 'pipeline' && action === 'added' && pipelineId) return { type: 'captured', pipelineId };
  if (type === 'member_request' && action === 'approved')
    return { type: 'memberRequestApproved', pipelineId };
  if (type === 'stage' && action === 'changed' && pipelineId && text(data.to)) {
    return { type: 'stageChanged', pipelineId, fromStageId: text(data.from), toStageId: text(data.to)! };
  }
  if (type === 'tag' && (action === 'added' || action === 'removed') && text(data.tagUID)) {
    return { type: action === 'added' ? 'tagAdded' : 'tagRemoved', tagId: text(data.tagUID)! };
  }
  if (type === 'task' && action === 'completed') return { type: 'taskCompleted' };
  if (type === 'message' && (action === 'sent' || action === 'replied')) {
    return { type: action === 'sent' ? 'messageSent' : 'messageReplied', platform: text(data.platform) };
  }
  return null;
}

/** The history line types a trigger may start from: the engine's inbox keeps only these. */
export const WORKFLOW_ACTIVITY_TYPES = [
  'pipeline',
  'member_request',
  'stage',
  'tag',
  'task',
  'message',
] as const;

/** Whether an event starts a workflow with this trigger (time triggers start from the clock, never here). */
export function triggerMatches(trigger: WorkflowTrigger, event: WorkflowEvent): boolean {
  switch (trigger.type) {
    case 'captured':
      return event.type === 'captured' && event.pipelineId === trigger.pipelineId;
    case 'memberRequestApproved':
      return (
        event.type === 'memberRequestApproved' &&
        (trigger.pipelineId === null || event.pipelineId === trigger.pipelineId)
      );
    case 'stageChanged':
      return (
        event.type === 'stageChanged' &&
        event.pipelineId === trigger.pipelineId &&
        event.fromStageId !== event.toStageId &&
        (trigger.toStageId === null || event.toStageId === trigger.toStageId) &&
        (trigger.fromStageId === null || event.fromStageId === trigger.fromStageId)
      );
    case 'tagAdded':
    case 'tagRemoved':
      return event.type === trigger.type && event.tagId === trigger.tagId;
    case 'taskCompleted':
      return event.type === 'taskCompleted';
    case 'messageSent':
    case 'messageReplied':
      return (
        event.type === trigger.type && (trigger.platform === null || event.platform === trigger.platform)
      );
    case 'daysInStage':
    case 'date':
      return false;
  }
}

/** What the conditions read of a person. */
export interface WorkflowPersonFacts {
  placements: readonly { pipelineId: string; stageId: string }[];
  tagIds: ReadonlySet<string>;
  /** The platforms of their profiles, as stored (a platform's name). */
  platforms: ReadonlySet<string>;
  hasEmail: boolean;
  hasPhone: boolean;
  answers: readonly string[];
}

/** The pipeline a workflow works in: its trigger's, else its conditions'. */
export function workflowPipelineId(definition: Pick<WorkflowDefinition, 'trigger' | 'conditions'>) {
  const { trigger } = definition;
  const own = 'pipelineId' in trigger ? trigger.pipelineId : null;
  return own ?? definition.conditions.pipelineId;
}

/** Whether a person meets every condition given (none given: everyone does). */
export function conditionsMet(
  definition: Pick<WorkflowDefinition, 'trigger' | 'conditions'>,
  person: WorkflowPersonFacts,
): boolean {
  const { conditions } = definition;
  if (
    conditions.pipelineId !== null &&
    !person.placements.some((p) => p.pipelineId === conditions.pipelineId)
  ) {
    return false;
  }
  if (conditions.stageIds.length > 0) {
    const pipelineId = conditions.pipelineId ?? workflowPipelineId(definition);
    const inStage = person.placements.some(
      (p) => (pipelineId === null || p.pipelineId === pipelineId) && conditions.stageIds.includes(p.stageId),
    );
    if (!inStage) return false;
  }
  if (conditions.tags !== null) {
    const has = (tagId: string) => person.tagIds.has(tagId);
    const ok =
      conditions.tags.mode === 'all' ? conditions.tags.tagIds.every(has) : conditions.tags.tagIds.some(has);
    if (!ok) return false;
  }
  if (conditions.platforms.length > 0 && !conditions.platforms.some((p) => person.platforms.has(p)))
    return false;
  if (conditions.hasEmail !== null && conditions.hasEmail !== person.hasEmail) return false;
  if (conditions.hasPhone !== null && conditions.hasPhone !== person.hasPhone) return false;
  if (conditions.answerContains) {
    const word = conditions.answerContains.toLocaleLowerCase();
    if (!person.answers.some((answer) => answer.toLocaleLowerCase().includes(word))) return false;
  }
  return true;
}

export function waitMs(step: { amount: number; unit: WaitUnit }): number {
  const unitMs = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 }[step.unit];
  return step.amount * unitMs;
}

/** When a wait that starts now ends. */
export function waitEnds(step: { amount: number; unit: WaitUnit }, now: Date): Date {
  return new Date(now.getTime() + waitMs(step));
}

/**
 * Whether a workflow may start for a person now: not while a run of it is still going, not again
 * within the restart guard of its last start (so a workflow whose own steps trigger it cannot loop),
 * and not deeper in a chain of workflows than WORKFLOW_MAX_DEPTH. Answers the reason it may not.
 */
export function whyRunCannotStart(input: {
  depth: number;
  lastRun: { status: WorkflowRunStatus; startedAt: Date } | null;
  now: Date;
}): string | null {
  if (input.depth > WORKFLOW_MAX_DEPTH) {
    return `Not started: a chain of workflows goes at most ${WORKFLOW_MAX_DEPTH + 1} deep.`;
  }
  const last = input.lastRun;
  if (last === null) return null;
  if (last.status === 'running' || last.status === 'paused')
    return 'Not started: a run for this person is still going.';
  if (input.now.getTime() - last.startedAt.getTime() < WORKFLOW_RESTART_GUARD_MS) {
    return 'Not started: this workflow ran for this person less than a day ago.';
  }
  return null;
}

const UNIT_NAMES: Record<WaitUnit, [string, string]> = {
  minutes: ['minute', 'minutes'],
  hours: ['hour', 'hours'],
  days: ['day', 'days'],
};

/** A wait in words: "3 days". */
export function describeWait(step: { amount: number; unit: WaitUnit }): string {
  const [one, many] = UNIT_NAMES[step.unit];
  return `${step.amount} ${step.amount === 1 ? one : many}`;
}

/** The names a description of a workflow uses, looked up by id; an unknown id reads as "a deleted …". */
export interface WorkflowNames {
  pipeline(id: string): string | undefined;
  stage(id: string): string | undefined;
  tag(id: string): string | undefined;
  taskTemplate(id: string): string | undefined;
  messageTemplate(id: string): string | undefined;
  connection(id: string): string | undefined;
}

const quoted = (name: string | undefined, what: string) => (name ? `"${name}"` : `a deleted ${what}`);
const tagList = (tagIds: readonly string[], names: WorkflowNames) =>
  tagIds.map((tagId) => quoted(names.tag(tagId), 'tag')).join(', ');

/** A trigger in words: "When someone is added to "Leads"". */
export function describeTrigger(trigger: WorkflowTrigger, names: WorkflowNames): string {
  const pipeline = (pipelineId: string) => quoted(names.pipeline(pipelineId), 'pipeline');
  switch (trigger.type) {
    case 'captured':
      return `When someone is added to ${pipeline(trigger.pipelineId)}`;
    case 'memberRequestApproved':
      return trigger.pipelineId
        ? `When a member request for ${pipeline(trigger.pipelineId)} is approved`
        : 'When a member request is approved';
    case 'stageChanged': {
      const to = trigger.toStageId ? ` to ${quoted(names.stage(trigger.toStageId), 'stage')}` : '';
      const from = trigger.fromStageId ? ` from ${quoted(names.stage(trigger.fromStageId), 'stage')}` : '';
      return `When someone in ${pipeline(trigger.pipelineId)} moves${from}${to}`;
    }
    case 'tagAdded':
      return `When the tag ${quoted(names.tag(trigger.tagId), 'tag')} is added`;
    case 'tagRemoved':
      return `When the tag ${quoted(names.tag(trigger.tagId), 'tag')} is removed`;
    case 'taskCompleted':
      return 'When a task of theirs is completed';
    case 'messageSent':
      return `When a message is sent to them${trigger.platform ? ` on ${PLATFORM_NAMES[trigger.platform]}` : ''}`;
    case 'messageReplied':
      return `When they reply${trigger.platform ? ` on ${PLATFORM_NAMES[trigger.platform]}` : ''}`;
    case 'daysInStage':
      return `When someone has been ${trigger.days} ${trigger.days === 1 ? 'day' : 'days'} in ${quoted(names.stage(trigger.stageId), 'stage')} of ${pipeline(trigger.pipelineId)}`;
    case 'date':
      return `On ${trigger.at.slice(0, 16).replace('T', ' at ')} (UTC), for everyone in ${pipeline(trigger.pipelineId)}`;
  }
}

/** A step in words: "Add the tags "Welcomed"". */
export function describeStep(step: WorkflowStep, names: WorkflowNames): string {
  switch (step.type) {
    case 'moveStage':
      return `Move to ${quoted(names.stage(step.stageId), 'stage')}`;
    case 'addTags':
      return `Add ${step.tagIds.length === 1 ? 'the tag' : 'the tags'} ${tagList(step.tagIds, names)}`;
    case 'removeTags':
      return `Remove ${step.tagIds.length === 1 ? 'the tag' : 'the tags'} ${tagList(step.tagIds, names)}`;
    case 'createTask':
      return `Create the task ${quoted(names.taskTemplate(step.templateId), 'task template')}`;
    case 'queueMessage':
      return `Queue the message ${quoted(names.messageTemplate(step.templateId), 'message template')} on ${PLATFORM_NAMES[step.platform]}`;
    case 'addNote':
      return `Add a note: ${step.text.length > 60 ? `${step.text.slice(0, 57)}…` : step.text}`;
    case 'wait':
      return `Wait ${describeWait(step)}`;
    case 'stopIfReplied':
      return 'Stop if they have replied';
    case 'sendToConnection': {
      const name = names.connection(step.connectionId);
      return `Send them to ${name ? `the connection "${name}"` : 'a deleted connection'}`;
    }
  }
}
