import {
  findDefinitionProblem,
  workflowInputSchema,
  type PipelineList,
  type WorkflowInput,
  type WorkflowNames,
  type WorkflowStep,
  type WorkflowStepType,
  type WorkflowTrigger,
  type WorkflowTriggerType,
} from '@grouptrack/domain';
import { listAllTags, stageOptions, tagOptions } from '../../../lib/pipelines';

/**
 * What the editor offers to pick from: the team's pipelines (with stages and tags), templates and
 * connections.
 */
export interface WorkflowChoices {
  pipelines: PipelineList;
  messageTemplates: readonly { templateUID: string; name: string }[];
  taskTemplates: readonly { templateUID: string; name: string }[];
  connections: readonly { connectionUID: string; name: string }[];
}

export const TRIGGER_LABELS: Record<WorkflowTriggerType, string> = {
  captured: 'Someone is added to a pipeline',
  memberRequestApproved: 'A member request is approved',
  stageChanged: 'Someone moves stage',
  tagAdded: 'A tag is added',
  tagRemoved: 'A tag is removed',
  taskCompleted: 'A task of theirs is completed',
  messageSent: 'A message is sent to them',
  messageReplied: 'They reply',
  daysInStage: 'Someone stays in a stage for days',
  date: 'A date comes',
};

export const STEP_LABELS: Record<WorkflowStepType, string> = {
  addTags: 'Add tags',
  removeTags: 'Remove tags',
  moveStage: 'Move to a stage',
  createTask: 'Create a task from a template',
  queueMessage: 'Queue a message from a template',
  addNote: 'Add a note',
  wait: 'Wait',
  stopIfReplied: 'Stop if they have replied',
  sendToConnection: 'Send them to a connection',
};

const firstPipeline = (choices: WorkflowChoices) => choices.pipelines.pipelines[0]?.groupUID ?? '';
const firstStage = (choices: WorkflowChoices, pipelineId: string) =>
  stageOptions(choices.pipelines, pipelineId)[0]?.value ?? '';

/** A trigger of a type, filled with the first pipeline, stage or tag so it is valid from the start. */
export function defaultTrigger(type: WorkflowTriggerType, choices: WorkflowChoices): WorkflowTrigger {
  const pipelineId = firstPipeline(choices);
  switch (type) {
    case 'captured':
      return { type, pipelineId };
    case 'memberRequestApproved':
      return { type, pipelineId: null };
    case 'stageChanged':
      return { type, pipelineId, toStageId: firstStage(choices, pipelineId), fromStageId: null };
    case 'tagAdded':
    case 'tagRemoved':
      return { type, tagId: tagOptions(choices.pipelines)[0]?.value ?? '' };
    case 'taskCompleted':
      return { type };
    case 'messageSent':
    case 'messageReplied':
      return { type, platform: null };
    case 'daysInStage':
      return { type, pipelineId, stageId: firstStage(choices, pipelineId), days: 3 };
    case 'date': {
      const tomorrow = new Date(Date.now() + 86_400_000);
      tomorrow.setUTCHours(9, 0, 0, 0);
      return { type, pipelineId, at: tomorrow.toISOString() };
    }
  }
}

/** A step of a type, filled with the first choice of each field. */
export function defaultStep(
  type: WorkflowStepType,
  choices: WorkflowChoices,
  pipelineId: string | null,
): WorkflowStep {
  switch (type) {
    case 'addTags':
    case 'removeTags':
      return {
        type,
        tagIds: tagOptions(choices.pipelines)
          .slice(0, 1)
          .map((option) => option.value),
      };
    case 'moveStage': {
      const pipeline = pipelineId ?? firstPipeline(choices);
      return { type, pipelineId: pipeline, stageId: firstStage(choices, pipeline) };
    }
    case 'createTask':
      return { type, templateId: choices.taskTemplates[0]?.templateUID ?? '' };
    case 'queueMessage':
      return { type, templateId: choices.messageTemplates[0]?.templateUID ?? '', platform: 'facebook' };
    case 'addNote':
      return { type, text: '' };
    case 'wait':
      return { type, amount: 1, unit: 'days' };
    case 'stopIfReplied':
      return { type };
    case 'sendToConnection':
      return { type, connectionId: choices.connections[0]?.connectionUID ?? '' };
  }
}

/** A new workflow: "someone is added to the first pipeline → add a tag", paused until switched on. */
export function newWorkflow(choices: WorkflowChoices): WorkflowInput {
  const trigger = defaultTrigger('captured', choices);
  return {
    name: '',
    status: 'paused',
    definition: {
      trigger,
      conditions: {
        pipelineId: null,
        stageIds: [],
        tags: null,
        platforms: [],
        hasEmail: null,
        hasPhone: null,
        answerContains: null,
      },
      steps: [defaultStep('addTags', choices, null)],
    },
  };
}

/** Names for the descriptions of triggers and steps, from what the editor loaded. */
export function namesFromChoices(choices: WorkflowChoices): WorkflowNames {
  const pipelines = new Map(choices.pipelines.pipelines.map((p) => [p.groupUID, p.nickName]));
  const stages = new Map(
    choices.pipelines.pipelines.flatMap((p) => p.stages.map((s) => [s.stageUID, s.name])),
  );
  const tags = new Map(listAllTags(choices.pipelines).map((tag) => [tag.tagUID, tag.name]));
  const messages = new Map(choices.messageTemplates.map((t) => [t.templateUID, t.name]));
  const tasks = new Map(choices.taskTemplates.map((t) => [t.templateUID, t.name]));
  const connections = new Map(choices.connections.map((c) => [c.connectionUID, c.name]));
  return {
    pipeline: (id) => pipelines.get(id),
    stage: (id) => stages.get(id),
    tag: (id) => tags.get(id),
    messageTemplate: (id) => messages.get(id),
    taskTemplate: (id) => tasks.get(id),
    connection: (id) => connections.get(id),
  };
}

/** The first problem with a workflow as the editor holds it, in the words of its rules; null when none. */
export function findFormProblem(input: WorkflowInput): string | null {
  const parsed = workflowInputSchema.safeParse(input);
  const issue = parsed.success
    ? findDefinitionProblem(parsed.data.definition)
    : { ...parsed.error.issues[0]!, path: parsed.error.issues[0]!.path.slice(1) };
  if (!issue) return null;
  const stepAt = issue.path[0] === 'steps' ? issue.path[1] : undefined;
  return typeof stepAt === 'number' ? `Step ${stepAt + 1}: ${issue.message}` : issue.message;
}
