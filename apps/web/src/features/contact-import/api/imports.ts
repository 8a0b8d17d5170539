import type { CsvField, DateOrder, FinishedImport, Import, ImportWarningList } from '@grouptrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

export type { FinishedImport } from '@grouptrack/domain';

/** An uploaded import and its progress, as the imports endpoints answer it. */
export type ImportState = Import;

/** The progress fields an `import` event carries. */
export interface ImportProgress {
  processed: number;
  total?: number;
  created: number;
  updated: number;
  refused: number;
  warnings?: number;
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
  dateOrder?: DateOrder;
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

/** Where every warning of an import downloads from. */
export function formatWarningsReportUrl(teamUID: string, importId: string): string {
  return teamPath(teamUID, 'imports', importId, 'warnings.csv');
}

/** An import's first warnings (the rest are in its CSV), once it has finished. */
export function useImportWarnings(teamUID: string, importId: string | null) {
  return useQuery({
    queryKey: [...teamKeys.finishedImports(teamUID), importId, 'warnings'],
    queryFn: ({ signal }) =>
      requestData<ImportWarningList>(teamPath(teamUID, 'imports', importId!, 'warnings'), { signal }),
    enabled: importId !== null,
  });
}

/** My finished imports in this team, newest first. */
export function useFinishedImports(teamUID: string) {
  return useQuery({
    queryKey: teamKeys.finishedImports(teamUID),
    queryFn: ({ signal }) =>
      requestData<FinishedImport[]>(teamPath(teamUID, 'imports', 'finished'), { signal }),
  });
}

/** Marks my finished imports in this team as seen. */
export function useMarkFinishedImportsRead(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      requestData<undefined>(teamPath(teamUID, 'imports', 'finished', 'read'), { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.finishedImports(teamUID) }),
  });
}

/** What a finished import did, in one line: "12 created, 3 updated, 1 refused, 2 warnings". */
export function formatImportOutcome(
  outcome: Pick<FinishedImport, 'created' | 'updated' | 'refused' | 'warnings'>,
) {
  const parts = [
    `${outcome.created} created`,
    `${outcome.updated} updated`,
    ...(outcome.refused > 0 ? [`${outcome.refused} refused`] : []),
    ...(outcome.warnings > 0
      ? [`${outcome.warnings} ${outcome.warnings === 1 ? 'warning' : 'warnings'}`]
      : []),
  ];
  return parts.join(', ');
}

/** Whether an import has nothing more to do. */
export function isImportFinished(progress: ImportProgress): boolean {
  return progress.status === 'completed' || Boolean(progress.error);
}
