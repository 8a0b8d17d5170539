// What other modules use of the contacts module's data: they come here, never to its repository.
export {
  findTagsWithSets,
  lastCardRank,
  listPipelinesOfContacts,
  type ActivityInsert,
} from './contacts.repository';
