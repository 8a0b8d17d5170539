import { formatCsvRow, formatImportWarning } from '@grouptrack/domain';
import type { Databases } from '../../platform/db/databases';
import type { TeamActor } from '../../platform/http/actor';
import * as repo from './imports.repository';

/** The finished imports a member's bell lists. */
const NOTICES_LISTED = 20;
/** The warnings the import's answer lists; the rest are in its warnings CSV. */
const WARNINGS_LISTED = 100;
/** Rows read per page while a report streams. */
const REPORT_PAGE = 1000;

/** An import that has ended, as its starter's bell lists it. */
function presentNotice(row: repo.ImportRow) {
  return {
    importId: row.id,
    fileName: row.fileName,
    status: row.status,
    created: row.created,
    updated: row.updated,
    refused: row.refused,
    warnings: row.warnings,
    error: row.error,
    finishedAt: row.finishedAt!.toISOString(),
    readAt: row.noticeReadAt?.toISOString() ?? null,
  };
}

/**
 * What an import tells its starter once it has run: the cells it left empty, the rows it refused,
 * and, in their bell, that it ended.
 */
export function createImportReports(deps: {
  databases: Databases;
  /** One of the member's own imports (another's is not found). */
  getImport: (
    member: TeamActor,
    importId: string,
  ) => Promise<{ fileName: string; headers: string[]; warnings: number }>;
}) {
  const { databases, getImport } = deps;

  return {
    /** An import's first warnings, in file order, each as its report says it; the rest are in its CSV. */
    async listWarnings(member: TeamActor, importId: string) {
      const { teamUID } = member;
      const job = await getImport(member, importId);
      const rows = await repo.listWarnings(
        databases.forTeam(teamUID),
        teamUID,
        importId,
        { rowNumber: 0, column: -1 },
        WARNINGS_LISTED,
      );
      return {
        total: job.warnings,
        warnings: rows.map((row) => ({
          row: row.rowNumber,
          column: row.header,
          value: row.value,
          reason: row.reason,
          message: formatImportWarning(row),
        })),
      };
    },

    /** Every warning as CSV: the row number, the column, the value and why. */
    async warningsReport(member: TeamActor, importId: string) {
      const { teamUID } = member;
      const job = await getImport(member, importId);
      const db = databases.forTeam(teamUID);
      async function* rows(): AsyncGenerator<string> {
        yield formatCsvRow(['Row', 'Column', 'Value', 'Warning']);
        for (let after = { rowNumber: 0, column: -1 }; ;) {
          const page = await repo.listWarnings(db, teamUID, importId, after, REPORT_PAGE);
          if (page.length === 0) return;
          yield page.map((row) => formatCsvRow([row.rowNumber, row.header, row.value, row.reason])).join('');
          after = page.at(-1)!;
        }
      }
      return { fileName: job.fileName, rows: rows() };
    },

    /** The refused rows as CSV: the original columns, then the row number and the reason. */
    async refusedReport(member: TeamActor, importId: string) {
      const { teamUID } = member;
      const job = await getImport(member, importId);
      const db = databases.forTeam(teamUID);
      async function* rows(): AsyncGenerator<string> {
        yield formatCsvRow([...job.headers, 'Row', 'Reason']);
        for (let after = 0; ;) {
          const page = await repo.listRefusals(db, teamUID, importId, after, REPORT_PAGE);
          if (page.length === 0) return;
          yield page.map((row) => formatCsvRow([...row.values, row.rowNumber, row.reason])).join('');
          after = page.at(-1)!.rowNumber;
        }
      }
      return { fileName: job.fileName, rows: rows() };
    },

    /** The signed-in member's finished imports in this team, newest first: the bell's import notices. */
    async listFinishedImports(member: TeamActor) {
      const { teamUID } = member;
      const rows = await repo.listFinishedImports(
        databases.forTeam(teamUID),
        teamUID,
        member.userId,
        NOTICES_LISTED,
      );
      return rows.map(presentNotice);
    },

    /** Marks the signed-in member's finished imports as seen in their bell. */
    async markFinishedImportsRead(member: TeamActor) {
      const { teamUID } = member;
      await repo.markImportNoticesRead(databases.forTeam(teamUID), teamUID, member.userId);
    },
  };
}
