// What other modules use of the lists module's data: they come here, never to its repository.
export { findFilterSet } from './lists.repository';
export { findStatusLabel } from './status-label-use';
