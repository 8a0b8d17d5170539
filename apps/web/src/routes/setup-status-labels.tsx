import { EmptyState } from '../components/empty-state';
import { usePageTitle } from '../lib/page-title';

/** /setup/labels: status labels. */
export function StatusLabelsRoute() {
  usePageTitle('Status Labels');
  return (
    <EmptyState
      title="Status labels"
      icon="setup"
      description="The status labels your team puts on conversations will appear here, each with its colour and place in the list."
    />
  );
}
