import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import {
  contactPipelines,
  contactSources,
  contactTags,
  contacts,
  pipelines,
  stages,
  tagSets,
  tags,
} from '../../platform/db/team-schema';

/** Everything the CSV shows of a page of contacts, in four queries whatever the page size. */
export async function loadContactPage(db: TeamDb, teamId: string, ids: string[]) {
  const [people, sources, placements, tagRows] = await Promise.all([
    db
      .select()
      .from(contacts)
      // A contact deleted after the export was asked for leaves it at once.
      .where(and(eq(contacts.teamId, teamId), inArray(contacts.id, ids), isNull(contacts.deletedAt))),
    db
      .select()
      .from(contactSources)
      .where(and(eq(contactSources.teamId, teamId), inArray(contactSources.contactId, ids))),
    db
      .select({
        contactId: contactPipelines.contactId,
        pipelineId: contactPipelines.pipelineId,
        pipelineName: pipelines.nickName,
        stageName: stages.name,
        questions: contactPipelines.questions,
      })
      .from(contactPipelines)
      .innerJoin(
        pipelines,
        and(eq(pipelines.teamId, contactPipelines.teamId), eq(pipelines.id, contactPipelines.pipelineId)),
      )
      .innerJoin(
        stages,
        and(eq(stages.teamId, contactPipelines.teamId), eq(stages.id, contactPipelines.stageId)),
      )
      .where(and(eq(contactPipelines.teamId, teamId), inArray(contactPipelines.contactId, ids))),
    db
      .select({
        contactId: contactTags.contactId,
        tagName: tags.name,
        tagSetName: tagSets.name,
        pipelineId: tagSets.pipelineId,
      })
      .from(contactTags)
      .innerJoin(tags, and(eq(tags.teamId, contactTags.teamId), eq(tags.id, contactTags.tagId)))
      .innerJoin(tagSets, and(eq(tagSets.teamId, tags.teamId), eq(tagSets.id, tags.tagSetId)))
      .where(and(eq(contactTags.teamId, teamId), inArray(contactTags.contactId, ids))),
  ]);
  return { people, sources, placements, tagRows };
}
