import type { CsvField } from '@grouptrack/domain';
import { requestData, teamPath } from '../../../lib/api-client';

/** An uploaded import and its progress, as the imports endpoints answer it. */
export interface ImportState {
  importId: string;
  fileName: string;
  status: string;
  headers: string[];
  preview: string[][];
  totalRows: number;
  suggestedMapping: CsvField[];
  /** The encoding the file was read in. */
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
  /** What the user should know of how the file was read (another encoding, characters removed). */
  notices: string[];
  processed: number;
  created: number;
  updated: number;
  refused: number;
  error: string | null;
}

/** The progress fields an `import` event carries. */
export interface ImportProgress {
  processed: number;
  total?: number;
  created: number;
  updated: number;
  refused: number;
  status: string;
  error?: string | null;
}

/** Streams the file to the server, which answers its columns, first rows and a suggested mapping. */
export async function uploadImportFile(teamUID: string, file: File): Promise<ImportState> {
  const response = await fetch(`${teamPath(teamUID, 'imports')}?fileName=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'text/csv', accept: 'application/json' },
    body: file,
  }).catch(() => {
    throw new Error('Could not reach GroupTrack. Check your connection and try again.');
  });
  const payload = (await response.json().catch(() => null)) as {
    data?: ImportState;
    error?: { message?: string };
  } | null;
  if (!response.ok || !payload?.data) {
    throw new Error(payload?.error?.message ?? 'The file could not be uploaded. Try again.');
  }
  return payload.data;
}

/** What the user chose in the mapping step. */
export interface ImportOptions {
  mapping: CsvField[];
  pipelineId?: string;
  stageId?: string;
  tagIds?: string[];
}

/** Starts the import job. */
export function startImport(teamUID: string, importId: string, options: ImportOptions): Promise<ImportState> {
  return requestData<ImportState>(teamPath(teamUID, 'imports', importId, 'start'), {
    method: 'POST',
    body: options,
  });
}

/** One import's progress. */
export function fetchImport(teamUID: string, importId: string, signal?: AbortSignal): Promise<ImportState> {
  return requestData<ImportState>(teamPath(teamUID, 'imports', importId), { signal });
}

/** Where the refused rows' report downloads from. */
export function formatRefusedReportUrl(teamUID: string, importId: string): string {
  return teamPath(teamUID, 'imports', importId, 'refused.csv');
}

/** Whether an import has nothing more to do. */
export function isImportFinished(progress: ImportProgress): boolean {
  return progress.status === 'completed' || Boolean(progress.error);
}
