import type { Databases } from '../../platform/db/databases';
import { createFilterSets } from './filter-sets';
import { createRankedLists } from './ranked-lists';
import { createSavedTagPosts } from './saved-tag-posts';
import { createTestQuestions } from './test-questions';

export { RANKED_LIST_NAMES, type RankedListName } from './ranked-lists';

export type ListsService = ReturnType<typeof createListsService>;

/**
 * The team's setup lists, each in its own file: the ranked lists (status labels, phases,
 * questions), test questions, saved tag posts and saved views.
 */
export function createListsService(deps: { databases: Databases }) {
  return {
    ...createRankedLists(deps),
    ...createTestQuestions(deps),
    ...createSavedTagPosts(deps),
    ...createFilterSets(deps),
  };
}
