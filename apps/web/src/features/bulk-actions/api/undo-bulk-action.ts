import type { Restored, StartedBulkAction } from '@grouptrack/domain';
import { requestData, teamPath } from '../../../lib/api-client';

/** Starts the job that reverses exactly what a finished bulk tag, untag or stage move changed. */
export function undoBulkAction(teamUID: string, jobId: string): Promise<StartedBulkAction> {
  return requestData(teamPath(teamUID, 'bulk-jobs', jobId, 'undo'), { method: 'POST' });
}

/** Restores every contact a bulk delete deleted: the job was the one action they were deleted by. */
export function restoreBulkDelete(teamUID: string, jobId: string): Promise<Restored> {
  return requestData(teamPath(teamUID, 'deleted', jobId, 'restore'), { method: 'POST' });
}
