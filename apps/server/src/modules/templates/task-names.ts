import { buildTemplateValues, canSeePipeline, listTemplateFields, renderTemplate } from '@grouptrack/domain';
import type { TeamDb } from '../../platform/db/databases';
import type { TeamActor } from '../../platform/http/actor';
import { listTemplateSources } from './templates.repository';

/** A task name's longest, as the task routes take it. */
const TASK_NAME_MAX = 200;

/** Who a task is made by: their name signs it; their role and access, when known, pick the pipeline. */
export type TaskMaker = Pick<TeamActor, 'teamUID'> &
  Partial<Pick<TeamActor, 'role' | 'groupAccess'>> & { name: string };

/**
 * A task name filled in for each contact, as message templates are: "Follow up with {firstName}"
 * reads "Follow up with Ana". Pipeline, stage and answers come from the first pipeline the contact
 * joined that the maker sees. A name without fields is everyone's as it is, without a read.
 */
export async function fillTaskNames(
  db: TeamDb,
  maker: TaskMaker,
  taskName: string,
  contactIds: readonly string[],
): Promise<Map<string, string>> {
  const names = new Map(contactIds.map((contactId) => [contactId, taskName]));
  if (listTemplateFields(taskName).length === 0) return names;
  const rows = await listTemplateSources(db, maker.teamUID, [...new Set(contactIds)]);
  const sees = (pipelineId: string) =>
    maker.role === undefined ||
    canSeePipeline({ role: maker.role, groupAccess: maker.groupAccess ?? [] }, pipelineId);
  for (const contactId of names.keys()) {
    const places = rows.filter((row) => row.contactId === contactId);
    if (places.length === 0) continue;
    const place = places.find((row) => row.pipelineId !== null && sees(row.pipelineId));
    const values = buildTemplateValues({
      contact: places[0]!,
      pipeline: place
        ? { name: place.pipelineName ?? '', stage: place.stageName, questions: place.questions ?? [] }
        : null,
      senderName: maker.name,
    });
    // A name the contact leaves empty stays the template's, rather than a blank task.
    names.set(contactId, renderTemplate(taskName, values).slice(0, TASK_NAME_MAX) || taskName);
  }
  return names;
}
