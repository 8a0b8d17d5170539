import { PipelineSetupPage } from '../features/pipeline-setup';
import { usePageTitle } from '../lib/page-title';

/** /setup/pipelines/:pipelineID?/:tab?: each pipeline's stages, tag sets and membership questions. */
export function PipelineSetupRoute() {
  usePageTitle('Pipeline Setup');
  return <PipelineSetupPage />;
}
