import type { z } from 'zod';
import type { AppContext } from '../context';
import type { JobDefinition } from '../platform/queue';

// Each job is declared in its own file; services import that file to send it (never this index,
// which reads the services back).
export { deliverMailJob } from './deliver-mail.job';
export { mergeTagsJob } from './merge-tags.job';
export { purgeDeletedJob } from './purge-deleted.job';
export { runBulkActionJob } from './run-bulk-action.job';
export { runImportJob } from './run-import.job';
export { runWorkflowStepJob } from './run-workflow-step.job';
export { sendTaskReminderJob } from './send-task-reminder.job';

/** Every job a worker process runs, each with the handler its owning service gave it. */
export function workerJobs(
  services: Pick<
    AppContext,
    'mail' | 'bulk' | 'tagReconciliation' | 'imports' | 'tasks' | 'deletions' | 'workflows'
  >,
): JobDefinition<z.ZodType>[] {
  return [
    services.mail.deliverMailJob,
    services.bulk.runBulkJob,
    services.tagReconciliation.mergeTagsJob,
    services.imports.runImportJob,
    services.tasks.taskReminderJob,
    services.deletions.purgeDeletedJob,
    services.workflows.runStepJob,
  ];
}
