import type { PipelineList } from '@grouptrack/domain';
import { describe, expect, it } from 'vitest';
import {
  defaultStep,
  defaultTrigger,
  findFormProblem,
  namesFromChoices,
  newWorkflow,
  type WorkflowChoices,
} from './workflow-form';

const tagSet = (tagSetUID: string, name: string, tags: [string, string][], pipelineID: string | null) => ({
  tagSetUID,
  name,
  color: '#123456',
  pipelineID,
  connectionUID: null,
  integrations: [],
  tags: tags.map(([tagUID, tagName]) => ({
    tagUID,
    name: tagName,
    value: null,
    color: null,
    remoteID: null,
  })),
});
const stage = (stageUID: string, name: string, idx: number) => ({
  stageUID,
  name,
  remoteID: null,
  color: '#fff',
  fontColor: '#000',
  description: '',
  phase: null,
  idx,
});
const pipelines: PipelineList = {
  pipelines: [
    {
      groupUID: 'leads',
      nickName: 'Leads',
      isDefault: true,
      order: 0,
      integrations: [],
      rules: {},
      questions: [],
      stages: [stage('new', 'New', 0), stage('won', 'Won', 1)],
      tagSets: [tagSet('ls', 'Lead tags', [['hot', 'Hot']], 'leads')],
    },
  ],
  globalTagSets: [tagSet('gs', 'Journey', [['welcomed', 'Welcomed']], null)],
};
const choices: WorkflowChoices = {
  pipelines,
  messageTemplates: [{ templateUID: 'mt', name: 'Welcome' }],
  taskTemplates: [{ templateUID: 'tt', name: 'Call them' }],
  connections: [{ connectionUID: 'hook', name: 'Zapier' }],
};

describe('the workflow editor', () => {
  it('starts a new workflow valid but for its name: added to the first pipeline, add its first tag', () => {
    const input = newWorkflow(choices);
    expect(input.definition.trigger).toEqual({ type: 'captured', pipelineId: 'leads' });
    expect(input.definition.steps).toEqual([{ type: 'addTags', tagIds: ['welcomed'] }]);
    expect(findFormProblem(input)).toBe('Name the workflow.');
    expect(findFormProblem({ ...input, name: 'Welcome' })).toBeNull();
  });

  it.each([
    ['moveStage', { type: 'moveStage', pipelineId: 'leads', stageId: 'new' }],
    ['createTask', { type: 'createTask', templateId: 'tt' }],
    ['queueMessage', { type: 'queueMessage', templateId: 'mt', platform: 'facebook' }],
    ['wait', { type: 'wait', amount: 1, unit: 'days' }],
    ['sendToConnection', { type: 'sendToConnection', connectionId: 'hook' }],
  ] as const)('fills a new %s step with the first choices', (type, expected) => {
    expect(defaultStep(type, choices, 'leads')).toEqual(expected);
  });

  it('fills a stage trigger with the pipeline’s first stage', () => {
    expect(defaultTrigger('stageChanged', choices)).toEqual({
      type: 'stageChanged',
      pipelineId: 'leads',
      toStageId: 'new',
      fromStageId: null,
    });
  });

  it('names the step a problem is in', () => {
    const input = { ...newWorkflow(choices), name: 'Nudge' };
    const waitLast = {
      ...input,
      definition: {
        ...input.definition,
        steps: [...input.definition.steps, defaultStep('wait', choices, null)],
      },
    };
    expect(findFormProblem(waitLast)).toBe(
      'Step 2: A workflow cannot end with a wait: add the step that follows it.',
    );
    const blankNote = {
      ...input,
      definition: { ...input.definition, steps: [defaultStep('addNote', choices, null)] },
    };
    expect(findFormProblem(blankNote)).toBe('Step 1: A note needs some text.');
  });

  it('names tags, stages and templates, and says nothing of ids it does not know', () => {
    const names = namesFromChoices(choices);
    expect([
      names.tag('hot'),
      names.tag('welcomed'),
      names.stage('won'),
      names.messageTemplate('mt'),
    ]).toEqual(['Hot', 'Welcomed', 'Won', 'Welcome']);
    expect(names.pipeline('gone')).toBeUndefined();
  });
});
