// What other modules use of the pipelines module's data: they come here, never to its repository.
// Imports create the tag sets and tags a file names, in the import's own transaction.
export {
  findPipeline,
  insertTag,
  insertTagSet,
  lastTagSetRank,
  listPipelines,
  listStages,
  listTagSets,
  updatePipeline,
} from './pipelines.repository';
export { insertStarterPipeline } from './starter-pipeline';
