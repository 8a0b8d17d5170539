import { TagsPage } from '../features/tag-setup';
import { usePageTitle } from '../lib/page-title';

/** /setup/tags: global tag sets and their tags. */
export function TagsRoute() {
  usePageTitle('Tags');
  return <TagsPage />;
}
