import type { BulkJob, SearchFilter, SocialPlatform, StartedBulkAction } from '@grouptrack/domain';
import { requestData, teamPath } from './api-client';

/** What a bulk action does (PRODUCT.md: /search/v2/bulk). */
export type BulkAction =
  | { type: 'addTags'; tagIds: string[] }
  | { type: 'removeTags'; tagIds: string[] }
  | { type: 'moveStage'; pipelineId: string; stageId: string }
  | { type: 'addToPipeline'; pipelineId: string; stageId?: string }
  | { type: 'delete' }
  | { type: 'export' }
  | { type: 'createTask'; templateId: string }
  /** null clears the contacts' label. */
  | { type: 'setStatusLabel'; labelId: string | null }
  /** A message template filled in for each contact, queued in the member's queue on a platform. */
  | { type: 'queueMessage'; templateId: string; platform: SocialPlatform; allowSameDay: boolean };

/** The search a filter target stands for. */
export interface BulkFilter {
  objectToFilter: SearchFilter;
  searchObj?: { text: string };
}

export type BulkTarget = { GTIDs: string[] } | { filter: BulkFilter };

/** A bulk action's progress: what the job endpoint answers and a bulk_job event carries alike. */
export type BulkJobProgress = Pick<BulkJob, 'processed' | 'total' | 'status'> &
  Partial<Pick<BulkJob, 'error'>>;

/** Starts a bulk action as a job; answers its id and how many contacts it will touch. */
export function startBulkAction(
  teamUID: string,
  action: BulkAction,
  target: BulkTarget,
): Promise<StartedBulkAction> {
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
