import { TagReconciliationPage } from '../features/tag-reconciliation';
import { usePageTitle } from '../lib/page-title';

/** /setup/tags-reconciliation: duplicate tags and tags missing from any set. */
export function TagReconciliationRoute() {
  usePageTitle('Tag Reconciliation');
  return <TagReconciliationPage />;
}
