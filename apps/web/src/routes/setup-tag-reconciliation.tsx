import { EmptyState } from '../components/empty-state';
import { usePageTitle } from '../lib/page-title';

/** /setup/tags-reconciliation: matching tags with connected tools. */
export function TagReconciliationRoute() {
  usePageTitle('Tag Reconciliation');
  return (
    <EmptyState
      title="Tag reconciliation"
      icon="setup"
      description="Tags found in a connected tool but not in GroupTrack, or the other way round, will appear here so you can match them up."
    />
  );
}
