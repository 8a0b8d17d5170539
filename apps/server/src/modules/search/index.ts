// What other modules use of the search module's data: they come here, never to its repository.
export { findMatchingIds } from './search.repository';
