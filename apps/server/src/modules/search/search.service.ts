import {
  can,
  canSeePipeline,
  canSeePipelineItem,
  readSearchText,
  type SearchFilter,
  type SearchRequest,
} from '@grouptrack/domain';
import type { Databases } from '../../platform/db/databases';
import { BadRequestError, NotFoundError } from '../../platform/errors';
import type { Actor } from '../../platform/http/actor';
import { findTagsWithSets } from '../contacts';
import { findFilterSet } from '../lists';
import * as pipelineData from '../pipelines';
import type { TeamActor, TeamsService } from '../teams/teams.service';
import { visibleFilter } from './filter-references';
import * as repo from './search.repository';

export type SearchService = ReturnType<typeof createSearchService>;

/** The search service of SPEC §7: filters, free text, sort, paging and the board's first paint. */
export function createSearchService(deps: { databases: Databases; teams: TeamsService }) {
  const { databases, teams } = deps;

  /**
   * The query a request stands for, with a saved view's filter applied and access checked. An
   * actor of the request's team carries the membership read with their session; for any other
   * the membership is read here.
   */
  async function prepare(
    actor: Actor | TeamActor,
    request: Pick<SearchRequest, 'teamUID' | 'objectToFilter' | 'searchObj' | 'sort'>,
  ) {
    const member = isMemberOf(actor, request.teamUID)
      ? actor
      : await teams.requireMember(actor, request.teamUID);
    const db = databases.forTeam(request.teamUID);
    let filter: SearchFilter = request.objectToFilter;
    if (filter.filterSetId) {
      const saved = await findFilterSet(db, request.teamUID, filter.filterSetId);
      if (!saved) throw new NotFoundError('Saved view not found.');
      filter = { ...(await visibleFilter(db, member, saved.filter)), ...filter };
    }
    if (filter.pipelineId && !canSeePipeline(member, filter.pipelineId))
      throw new NotFoundError('Pipeline not found.');
    // Filtering by a tag of a hidden pipeline would tell which visible contacts carry it.
    if (filter.tags && !can(member.role, 'see-all-pipelines')) {
      const found = await findTagsWithSets(db, request.teamUID, filter.tags.ids);
      const hidden = filter.tags.ids.find((tagId) => {
        const tag = found.find((row) => row.tagId === tagId);
        return tag !== undefined && !canSeePipelineItem(member, tag);
      });
      if (hidden)
        throw new BadRequestError(`Invalid objectToFilter.tags.ids: ${hidden} is not a tag of this team.`);
    }
    const query: repo.SearchQuery = {
      teamId: request.teamUID,
      filter,
      text: readSearchText(request.searchObj),
      sort: request.sort,
      visiblePipelineIds: can(member.role, 'see-all-pipelines') ? 'all' : member.groupAccess,
    };
    return { db, query };
  }

  return {
    prepare,

    async search(actor: Actor | TeamActor, request: SearchRequest) {
      const { db, query } = await prepare(actor, request);
      const { size } = request.paging;
      if (!request.isPipelineInitial) return repo.findPage(db, query, request.paging);
      const pipelineId = query.filter.pipelineId;
      if (!pipelineId)
        throw new BadRequestError('Invalid objectToFilter.pipelineId: the board needs a pipeline.');
      if (!(await pipelineData.findPipeline(db, request.teamUID, pipelineId)))
        throw new NotFoundError('Pipeline not found.');
      const wanted = query.filter.stageIds;
      const stageIds = (await pipelineData.listStages(db, request.teamUID, [pipelineId]))
        .map((stage) => stage.id)
        .filter((stageId) => !wanted?.length || wanted.includes(stageId));
      const stages = await repo.findStagePages(
        db,
        { ...query, filter: { ...query.filter, pipelineId } },
        stageIds,
        size,
      );
      return { total: stages.reduce((sum, stage) => sum + stage.total, 0), hits: [], stages };
    },
  };
}

function isMemberOf(actor: Actor | TeamActor, teamUID: string): actor is TeamActor {
  return 'teamUID' in actor && actor.teamUID === teamUID;
}
