import type { SearchFilter } from '@grouptrack/domain';
import { requestData, teamPath } from './api-client';

/** What a bulk action does (PRODUCT.md: /search/v2/bulk). */
export type BulkAction =
  | { type: 'addTags'; tagIds: string[] }
  | { type: 'removeTags'; tagIds: string[] }
  | { type: 'moveStage'; pipelineId: string; stageId: string }
  | { type: 'addToPipeline'; pipelineId: string; stageId?: string }
  | { type: 'delete' }
  | { type: 'export' }
  | { type: 'createTask'; templateId: string };

/** The search a filter target stands for. */
export interface BulkFilter {
  objectToFilter: SearchFilter;
  searchObj?: { text: string };
}

export type BulkTarget = { GTIDs: string[] } | { filter: BulkFilter };

/** A bulk action's progress, as the job endpoint and the bulk_job events report it. */
export interface BulkJobProgress {
  processed: number;
  total: number;
  status: string;
  error?: string | null;
}

/** Starts a bulk action as a job; answers its id and how many contacts it will touch. */
export function startBulkAction(
  teamUID: string,
  action: BulkAction,
  target: BulkTarget,
): Promise<{ jobId: string; matched: number }> {
  return requestData('/search/v2/bulk', { method: 'POST', body: { teamUID, action, target } });
}

/** One bulk job's progress. */
export function fetchBulkJob(teamUID: string, jobId: string, signal?: AbortSignal): Promise<BulkJobProgress> {
  return requestData<BulkJobProgress>(teamPath(teamUID, 'bulk-jobs', jobId), { signal });
}

/** Whether a job has nothing more to do. */
export function isJobFinished(progress: BulkJobProgress): boolean {
  return progress.status === 'completed' || Boolean(progress.error);
}

/** Where a finished export's CSV downloads from. */
export function formatExportUrl(teamUID: string, jobId: string): string {
  return teamPath(teamUID, 'bulk-jobs', jobId, 'export.csv');
}
