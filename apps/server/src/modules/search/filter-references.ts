import { can, canSeePipelineItem, type SearchFilter } from '@grouptrack/domain';
import type { TeamDb } from '../../platform/db/databases';
import { BadRequestError } from '../../platform/errors';
import { findTagsWithSets } from '../contacts';
import * as pipelineData from '../pipelines';
import type { TeamActor } from '../teams/teams.service';

type Reader = Pick<TeamActor, 'teamUID' | 'role' | 'groupAccess'>;

/** The pipeline, stages and tags a filter names, each with the pipeline it belongs to (null: none). */
async function referencesOf(db: TeamDb, teamUID: string, filter: SearchFilter) {
  const [pipeline, stages, tags] = await Promise.all([
    filter.pipelineId ? pipelineData.findPipeline(db, teamUID, filter.pipelineId) : null,
    filter.stageIds?.length ? pipelineData.listStages(db, teamUID) : [],
    filter.tags ? findTagsWithSets(db, teamUID, filter.tags.ids) : [],
  ]);
  return {
    pipeline,
    stagePipeline: (stageId: string) => stages.find((stage) => stage.id === stageId)?.pipelineId,
    tagPipeline: (tagId: string) => {
      const tag = tags.find((row) => row.tagId === tagId);
      return tag ? tag.pipelineId : undefined;
    },
  };
}

/**
 * Refuses a filter that names another team's pipeline, stage or tag, or one of a pipeline the
 * saver cannot see: a 400 naming the field (`filter.pipelineId` …).
 */
export async function checkFilterReferences(db: TeamDb, saver: Reader, filter: SearchFilter, field: string) {
  const found = await referencesOf(db, saver.teamUID, filter);
  const visible = (pipelineId: string | null | undefined) =>
    pipelineId !== undefined && canSeePipelineItem(saver, { pipelineId });
  if (filter.pipelineId && !(found.pipeline && visible(found.pipeline.id)))
    throw new BadRequestError(
      `Invalid ${field}.pipelineId: ${filter.pipelineId} is not a pipeline of this team.`,
    );
  const stage = filter.stageIds?.find((stageId) => {
    const pipelineId = found.stagePipeline(stageId);
    return !pipelineId || !visible(pipelineId) || (filter.pipelineId && pipelineId !== filter.pipelineId);
  });
  if (stage)
    throw new BadRequestError(`Invalid ${field}.stageIds: ${stage} is not a stage of this pipeline.`);
  const tag = filter.tags?.ids.find((tagId) => !visible(found.tagPipeline(tagId)));
  if (tag) throw new BadRequestError(`Invalid ${field}.tags.ids: ${tag} is not a tag of this team.`);
}

/**
 * The filter as a member may see it: a pipeline they cannot see, its stages and its tags are taken
 * out (a view saved by an admin stays usable for the rest of its filter). Owners and admins see all.
 */
export async function visibleFilter(db: TeamDb, reader: Reader, filter: SearchFilter): Promise<SearchFilter> {
  if (can(reader.role, 'see-all-pipelines')) return filter;
  const found = await referencesOf(db, reader.teamUID, filter);
  const visible = (pipelineId: string | null | undefined) =>
    pipelineId !== undefined && canSeePipelineItem(reader, { pipelineId });
  const { pipelineId, stageIds, leadScoreMin, tags, ...rest } = filter;
  const keptPipeline = pipelineId && visible(pipelineId) ? pipelineId : undefined;
  const keptStages = stageIds?.filter((stageId) => visible(found.stagePipeline(stageId)));
  const keptTags = tags?.ids.filter((tagId) => visible(found.tagPipeline(tagId)));
  return {
    ...rest,
    ...(keptPipeline && { pipelineId: keptPipeline }),
    ...(keptPipeline && keptStages?.length && { stageIds: keptStages }),
    ...(keptPipeline && leadScoreMin !== undefined && { leadScoreMin }),
    ...(tags && keptTags?.length && { tags: { ...tags, ids: keptTags } }),
  };
}
