import {
  SOCIAL_PLATFORMS,
  CONTACT_CSV_COLUMNS,
  canSeePipeline,
  formatCsvRow,
  formatTagCell,
  type SearchRequest,
} from '@grouptrack/domain';
import type { Databases } from '../../platform/db/databases';
import { findMatchingIds } from '../search';
import type { SearchService } from '../search/search.service';
import type { TeamActor } from '../teams/teams.service';
import { loadContactPage } from './exports.repository';

const PAGE_SIZE = 1000;

export type ExportsService = ReturnType<typeof createExportsService>;

/** CSV export of every contact a search matches, written a page at a time. */
export function createExportsService(deps: { databases: Databases; search: SearchService }) {
  const { databases, search } = deps;

  async function* csvRows(member: TeamActor, teamId: string, ids: string[]): AsyncGenerator<string> {
    yield formatCsvRow(CONTACT_CSV_COLUMNS);
    for (let start = 0; start < ids.length; start += PAGE_SIZE) {
      const page = ids.slice(start, start + PAGE_SIZE);
      const { people, sources, placements, tagRows } = await loadContactPage(
        databases.forTeam(teamId),
        teamId,
        page,
      );
      const byId = new Map(people.map((person) => [person.id, person]));
      let chunk = '';
      for (const id of page) {
        const person = byId.get(id);
        if (!person) continue;
        const mine = sources.filter((source) => source.contactId === id);
        const platformCells = SOCIAL_PLATFORMS.flatMap((platform) => {
          const source = mine.find((item) => item.platform === platform);
          return [source?.url ?? '', source?.profileId ?? '', source?.username ?? ''];
        });
        const contactTags = tagRows.filter((tag) => tag.contactId === id);
        const base = [
          person.id,
          person.firstName,
          person.lastName,
          person.name,
          person.emailAddress ?? '',
          person.phoneNumber ?? '',
          person.photoUrl ?? '',
          ...platformCells,
          formatTagCell(contactTags.filter((tag) => tag.pipelineId === null)),
        ];
        const visible = placements.filter(
          (row) => row.contactId === id && canSeePipeline(member, row.pipelineId),
        );
        const created = person.createdAt.toISOString();
        if (visible.length === 0) chunk += formatCsvRow([...base, '', '', '', '', created]);
        for (const placement of visible) {
          chunk += formatCsvRow([
            ...base,
            placement.pipelineName,
            placement.stageName,
            formatTagCell(contactTags.filter((tag) => tag.pipelineId === placement.pipelineId)),
            placement.questions.length > 0 ? JSON.stringify(placement.questions) : '',
            created,
          ]);
        }
      }
      yield chunk;
    }
  }

  return {
    /**
     * Yields the CSV a chunk at a time: one row per contact and visible pipeline, in the columns of
     * CONTACT_CSV_COLUMNS. Access is checked before the first chunk.
     */
    async exportContacts(member: TeamActor, request: Pick<SearchRequest, 'objectToFilter' | 'searchObj'>) {
      const { teamUID } = member;
      const { db, query } = await search.prepare(member, { ...request, teamUID, sort: undefined });
      const ids = await findMatchingIds(db, query);
      return { rows: csvRows(member, teamUID, ids), matched: ids.length };
    },

    /** The CSV of contacts chosen earlier (a bulk export's snapshot), as the actor may see them now. */
    exportContactIds(member: TeamActor, ids: string[]) {
      return csvRows(member, member.teamUID, ids);
    },
  };
}
