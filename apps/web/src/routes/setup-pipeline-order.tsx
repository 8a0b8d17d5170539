import { EmptyState } from '../components/empty-state';
import { usePageTitle } from '../lib/page-title';

/** /setup/pipelines-order: the order of the pipelines. */
export function PipelineOrderRoute() {
  usePageTitle('Pipeline Order');
  return (
    <EmptyState
      title="Pipeline order"
      icon="setup"
      description="Your pipelines will appear here in the order the menus and boards list them."
    />
  );
}
