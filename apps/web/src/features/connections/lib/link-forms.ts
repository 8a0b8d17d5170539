import {
  STAGE_MAPPED_TYPES,
  type Connection,
  type IntegrationType,
  type Pipeline,
  type PipelineConnectionInput,
  type PipelineList,
  type TagSet,
  type TagSetConnectionInput,
} from '@grouptrack/domain';

/** How one pipeline uses a connection, as its form holds it. */
export interface PipelineLinkForm {
  /** Minutes within which one person's changes go in one call (0: each at once). */
  syncPeriod: number;
  /** Minutes each change is held back before it is sent. */
  delayBy: number;
  /** The system's pipeline the stages map into (stage-mapped systems only). */
  remotePipelineId: string | null;
  /** Our stage id → the system's stage id, null for a stage not mapped. */
  stageRemoteIds: Record<string, string | null>;
}

type PipelineLink = Connection['usedInPipelines'][number];

/** A pipeline's link as its form starts: as stored, with each stage's mapping from the pipeline. */
export function pipelineLinkFormOf(link: PipelineLink, pipeline: Pick<Pipeline, 'stages'>): PipelineLinkForm {
  return {
    syncPeriod: link.syncPeriod,
    delayBy: link.delayBy,
    remotePipelineId: link.remotePipelineId,
    stageRemoteIds: Object.fromEntries(pipeline.stages.map((stage) => [stage.stageUID, stage.remoteID])),
  };
}

/** A new link: each change sent at once, nothing mapped yet. */
export function newPipelineLink(): PipelineConnectionInput {
  return { syncPeriod: 0, delayBy: 0, remotePipelineId: null, stageRemoteIds: {} };
}

/** Another of the system's pipelines: the stages mapped into the one before are mapped no more. */
export function chooseRemotePipeline(
  form: PipelineLinkForm,
  remotePipelineId: string | null,
): PipelineLinkForm {
  if (remotePipelineId === form.remotePipelineId) return form;
  const cleared = Object.fromEntries(Object.keys(form.stageRemoteIds).map((stageId) => [stageId, null]));
  return { ...form, remotePipelineId, stageRemoteIds: cleared };
}

/** A number typed in minutes, as the link takes it: a whole number from 0 to `max`. */
export function toMinutes(value: string | number, max: number): number {
  const number = Math.trunc(Number(value));
  if (!Number.isFinite(number) || number < 0) return 0;
  return Math.min(number, max);
}

/**
 * What the API takes for the link: the stage mapping for a system that maps stages (every stage of
 * the pipeline, null where none is picked), none for the others, which would refuse it.
 */
export function toPipelineConnectionInput(
  form: PipelineLinkForm,
  { type, pipeline }: { type: IntegrationType; pipeline: Pick<Pipeline, 'stages'> },
): PipelineConnectionInput {
  const timing = { syncPeriod: form.syncPeriod, delayBy: form.delayBy };
  if (!STAGE_MAPPED_TYPES.includes(type)) return { ...timing, remotePipelineId: null, stageRemoteIds: {} };
  return {
    ...timing,
    remotePipelineId: form.remotePipelineId,
    stageRemoteIds: Object.fromEntries(
      pipeline.stages.map((stage) => [stage.stageUID, form.stageRemoteIds[stage.stageUID] ?? null]),
    ),
  };
}

/** A tag set with the name a picker gives it: a pipeline's sets carry the pipeline's name. */
export interface NamedTagSet {
  tagSet: TagSet;
  label: string;
}

/** Every tag set of the team, the global ones first, then each pipeline's. */
export function listTagSets(list: PipelineList): NamedTagSet[] {
  const seen = new Set<string>();
  const named: NamedTagSet[] = [];
  const add = (tagSet: TagSet, label: string) => {
    if (seen.has(tagSet.tagSetUID)) return;
    seen.add(tagSet.tagSetUID);
    named.push({ tagSet, label });
  };
  for (const tagSet of list.globalTagSets) add(tagSet, tagSet.name);
  for (const pipeline of list.pipelines) {
    for (const tagSet of pipeline.tagSets) add(tagSet, `${pipeline.nickName}: ${tagSet.name}`);
  }
  return named;
}

/** A tag set's mapping as its form starts: each tag's remote id when the set is this connection's. */
export function tagSetLinkFormOf(tagSet: TagSet, connectionUID: string): Record<string, string | null> {
  const isMine = tagSet.connectionUID === connectionUID;
  return Object.fromEntries(tagSet.tags.map((tag) => [tag.tagUID, isMine ? tag.remoteID : null]));
}

/** What the API takes for a tag set's mapping. */
export function toTagSetConnectionInput(form: Record<string, string | null>): TagSetConnectionInput {
  return { tagRemoteIds: { ...form } };
}
