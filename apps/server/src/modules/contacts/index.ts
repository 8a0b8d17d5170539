// What other modules use of the contacts module's data: they come here, never to its repository.
export {
  findTagsWithSets,
  lastCardRank,
  listPipelinesOfContacts,
  refreshHandlesOf,
  upsertSourceRows,
  type ActivityInsert,
} from './contacts.repository';
// Orphaned tag names are resolved on the tag reconciliation screen, through the contact change door.
export { addContactTags, insertActivities } from './contacts.repository';
// A workflow's note is written in the transaction that moves its run past the step.
export { insertNote } from './contacts.repository';
export { canSeeAll, createContactChanges, NO_PIPELINE, type ContactChanges } from './contact-changes';
