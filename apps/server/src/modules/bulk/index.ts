// What other modules use of the bulk module's data: they come here, never to its repository.
// A tag merge is a bulk job too: its progress is kept in the same rows.
export { findBulkJob, insertBulkJob, updateBulkJob, type BulkJobRow } from './bulk.repository';
// A member request's rule tags and moves the people it decides as a bulk action does.
export { addTagPairs, insertStageHistory, moveToStage } from './bulk.repository';
