import type { AutoResponder, PipelineList } from '@grouptrack/domain';
import { describe, expect, it } from 'vitest';
import { stageOptions } from '../../../lib/pipelines';
import {
  describeActions,
  emptyForm,
  findFormProblem,
  formFromJob,
  inputFromForm,
  inputFromJob,
  jobsByGroup,
  namesFromChoices,
  neighbourPlacement,
  platformOfAddress,
  type AutoResponderChoices,
  type AutoResponderForm,
} from './auto-responder-form';

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
      stages: [stage('won', 'Won', 1), stage('new', 'New', 0)],
      tagSets: [tagSet('ls', 'Lead tags', [['hot', 'Hot']], 'leads')],
    },
  ],
  globalTagSets: [tagSet('gs', 'Journey', [['welcomed', 'Welcomed']], null)],
};
const choices: AutoResponderChoices = {
  pipelines,
  messageTemplates: [
    { templateUID: 'thanks', name: 'Thanks' },
    { templateUID: 'info', name: 'Info pack' },
  ],
};
const POST = 'https://www.facebook.com/groups/runners/posts/123456';

const filled: AutoResponderForm = {
  ...emptyForm('g1'),
  jobName: '  Spring giveaway ',
  permalinkURL: ` ${POST} `,
  triggerWords: 'info, Price , INFO,, send me ',
  replyTemplateId: 'thanks',
};

const job = (over: Partial<AutoResponder> = {}): AutoResponder => ({
  jobID: 'j1',
  jobGroupId: 'g1',
  jobName: 'Spring giveaway',
  platform: 'facebook',
  settings: { permalinkURL: POST, triggerWords: ['info', 'price'] },
  replyTemplateId: 'thanks',
  messageTemplateId: 'info',
  tagIds: ['hot'],
  pipelineId: 'leads',
  stageId: 'won',
  order: 'a0',
  archived: false,
  createdByUID: 'u1',
  counts: { seen: 10, matched: 4, replied: 3, messaged: 2, captured: 4 },
  lastVisitedAt: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

describe('the auto responder form', () => {
  it('turns the form into the input: trimmed, trigger words split by commas without repeats', () => {
    expect(inputFromForm(filled)).toEqual({
      jobGroupId: 'g1',
      jobName: 'Spring giveaway',
      settings: { permalinkURL: POST, triggerWords: ['info', 'Price', 'send me'] },
      replyTemplateId: 'thanks',
      messageTemplateId: null,
      tagIds: [],
      pipelineId: null,
      stageId: null,
      archived: false,
    });
    expect(findFormProblem(filled)).toBeNull();
  });

  it('drops a stage left without its pipeline', () => {
    expect(inputFromForm({ ...filled, stageId: 'won' }).stageId).toBeNull();
    expect(inputFromForm({ ...filled, pipelineId: 'leads', stageId: 'won' }).stageId).toBe('won');
  });

  it('starts an edit from the job and gives back the same input', () => {
    const saved = job();
    const form = formFromJob(saved);
    expect(form.triggerWords).toBe('info, price');
    expect(inputFromForm(form)).toEqual(inputFromJob(saved));
    expect(inputFromJob(saved, { archived: true, after: 'j2' })).toMatchObject({
      archived: true,
      after: 'j2',
    });
  });

  it('says the first problem in words', () => {
    expect(findFormProblem(emptyForm('g1'))).toBe('Name the job.');
    expect(findFormProblem({ ...filled, jobGroupId: null })).toBe('Choose the group it belongs to.');
    expect(findFormProblem({ ...filled, permalinkURL: 'https://example.com/post/1' })).toMatch(
      /^Use the https address of a Facebook group post/,
    );
    expect(findFormProblem({ ...filled, triggerWords: ' , ' })).toBe('Add at least one trigger word.');
    expect(findFormProblem({ ...filled, replyTemplateId: null })).toBe(
      'Choose at least one thing to do for a commenter: a reply, a message, tags or a pipeline.',
    );
  });

  it('knows the platform of an address it accepts', () => {
    expect(platformOfAddress(POST)).toBe('facebook');
    expect(platformOfAddress('https://www.instagram.com/p/Cabc123/')).toBe('instagram');
    expect(platformOfAddress('facebook.com/groups/x')).toBeNull();
  });

  it('lists the stages of the chosen pipeline only', () => {
    expect(stageOptions(choices.pipelines, 'leads').map((option) => option.label)).toEqual(['Won', 'New']);
    expect(stageOptions(choices.pipelines, null)).toEqual([]);
  });
});

describe('what a job does, in words', () => {
  const names = namesFromChoices(choices);

  it('names the reply, the message, the tags and the pipeline with its stage', () => {
    expect(describeActions(job({ tagIds: ['hot', 'welcomed'] }), names)).toEqual([
      'Reply "Thanks"',
      'Message "Info pack"',
      'Tag Hot, Welcomed',
      'Add to Leads / Won',
    ]);
  });

  it('names the first stage when the job names none, and says what was deleted', () => {
    expect(
      describeActions(
        {
          replyTemplateId: 'gone',
          messageTemplateId: null,
          tagIds: ['hot', 'x'],
          pipelineId: 'leads',
          stageId: null,
        },
        names,
      ),
    ).toEqual(['Reply "a deleted template"', 'Tag Hot, a deleted tag', 'Add to Leads / New']);
    expect(
      describeActions(
        { replyTemplateId: null, messageTemplateId: null, tagIds: [], pipelineId: null, stageId: null },
        names,
      ),
    ).toEqual([]);
  });
});

describe('the list', () => {
  it('groups the jobs, leaving out the archived ones unless asked', () => {
    const jobs = [job(), job({ jobID: 'j2', archived: true }), job({ jobID: 'j3', jobGroupId: 'g2' })];
    const shown = (showArchived: boolean) =>
      Object.fromEntries(
        [...jobsByGroup(jobs, showArchived)].map(([group, list]) => [group, list.map((each) => each.jobID)]),
      );
    expect(shown(false)).toEqual({ g1: ['j1'], g2: ['j3'] });
    expect(shown(true)).toEqual({ g1: ['j1', 'j2'], g2: ['j3'] });
  });

  it('moves an item before the one above it or after the one below it', () => {
    expect(neighbourPlacement(['a', 'b', 'c'], 'b', -1)).toEqual({ before: 'a' });
    expect(neighbourPlacement(['a', 'b', 'c'], 'b', 1)).toEqual({ after: 'c' });
    expect(neighbourPlacement(['a', 'b', 'c'], 'a', -1)).toBeNull();
    expect(neighbourPlacement(['a', 'b', 'c'], 'c', 1)).toBeNull();
  });
});
