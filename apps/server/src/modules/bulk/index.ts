// What other modules use of the bulk module's data: they come here, never to its repository.
// A tag merge is a bulk job too: its progress is kept in the same rows.
export { findBulkJob, insertBulkJob, updateBulkJob, type BulkJobRow } from './bulk.repository';
