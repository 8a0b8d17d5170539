import { PipelineOrderPage } from '../features/pipeline-setup';
import { usePageTitle } from '../lib/page-title';

/** /setup/pipelines-order: the order of the pipelines and the default one. */
export function PipelineOrderRoute() {
  usePageTitle('Pipeline Order');
  return <PipelineOrderPage />;
}
