import type { PipelineList, TagSet } from '@grouptrack/domain';
import { describe, expect, it } from 'vitest';
import {
  chooseRemotePipeline,
  listTagSets,
  pipelineLinkFormOf,
  tagSetLinkFormOf,
  toMinutes,
  toPipelineConnectionInput,
  toTagSetConnectionInput,
} from './link-forms';

const stage = (stageUID: string, remoteID: string | null) => ({
  stageUID,
  name: stageUID,
  remoteID,
  color: '#fff',
  fontColor: '#000',
  description: '',
  phase: null,
  idx: 0,
});
const pipeline = { stages: [stage('new', 'r-new'), stage('won', null)] };
const link = { pipelineId: 'leads', name: 'Leads', syncPeriod: 5, delayBy: 0, remotePipelineId: 'rp1' };

const tagSet = (tagSetUID: string, connectionUID: string | null, pipelineID: string | null): TagSet => ({
  tagSetUID,
  name: `Set ${tagSetUID}`,
  color: '#123456',
  pipelineID,
  connectionUID,
  integrations: [],
  tags: [{ tagUID: `${tagSetUID}-hot`, name: 'Hot', value: null, color: null, remoteID: 'r-hot' }],
});

describe('the link of a pipeline', () => {
  it("starts from the stored link and each stage's mapping", () => {
    expect(pipelineLinkFormOf(link, pipeline)).toEqual({
      syncPeriod: 5,
      delayBy: 0,
      remotePipelineId: 'rp1',
      stageRemoteIds: { new: 'r-new', won: null },
    });
  });

  it("unmaps the stages when another of the system's pipelines is chosen", () => {
    const form = pipelineLinkFormOf(link, pipeline);
    expect(chooseRemotePipeline(form, 'rp2').stageRemoteIds).toEqual({ new: null, won: null });
    expect(chooseRemotePipeline(form, 'rp1')).toBe(form);
  });

  it('sends every stage of a stage-mapped system, null where none is picked', () => {
    const form = { ...pipelineLinkFormOf(link, pipeline), stageRemoteIds: { new: 'r-new' } };
    expect(toPipelineConnectionInput(form, { type: 'gohighlevel', pipeline })).toEqual({
      syncPeriod: 5,
      delayBy: 0,
      remotePipelineId: 'rp1',
      stageRemoteIds: { new: 'r-new', won: null },
    });
  });

  it('sends no stage mapping to a system that would refuse one', () => {
    const form = pipelineLinkFormOf(link, pipeline);
    expect(toPipelineConnectionInput(form, { type: 'webhooks', pipeline })).toEqual({
      syncPeriod: 5,
      delayBy: 0,
      remotePipelineId: null,
      stageRemoteIds: {},
    });
  });

  it.each([
    ['a whole number', '15', 15],
    ['a fraction, cut to whole minutes', 2.7, 2],
    ['an empty field, as none', '', 0],
    ['a negative number, as none', -3, 0],
    ['more than the most, as the most', 99_999, 10_080],
  ])('takes %s', (_, typed, minutes) => {
    expect(toMinutes(typed, 10_080)).toBe(minutes);
  });
});

describe('the link of a tag set', () => {
  it("lists the team's tag sets once, a pipeline's named with the pipeline", () => {
    const shared = tagSet('s', null, 'leads');
    const list = {
      globalTagSets: [tagSet('g', null, null)],
      pipelines: [
        { nickName: 'Leads', tagSets: [shared] },
        { nickName: 'Clients', tagSets: [shared] },
      ],
    } as unknown as PipelineList;
    expect(listTagSets(list).map((entry) => entry.label)).toEqual(['Set g', 'Leads: Set s']);
  });

  it("shows the tags' mapping of this connection only", () => {
    expect(tagSetLinkFormOf(tagSet('a', 'conn_1', null), 'conn_1')).toEqual({ 'a-hot': 'r-hot' });
    expect(tagSetLinkFormOf(tagSet('a', 'conn_2', null), 'conn_1')).toEqual({ 'a-hot': null });
    expect(toTagSetConnectionInput({ 'a-hot': 'r-hot' })).toEqual({ tagRemoteIds: { 'a-hot': 'r-hot' } });
  });
});
