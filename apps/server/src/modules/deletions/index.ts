// What other modules use of deletions: deleting contacts and pipelines (kept 30 days) and bringing
// back a person found again, inside their own transaction.
export { restore, softDeleteContacts, softDeletePipeline, findKeptPlacements } from './deletions.repository';
export type { Deletion } from './deletions.repository';
