import { EmptyState } from '../components/empty-state';
import { usePageTitle } from '../lib/page-title';

/** /setup/pipelines/:pipelineID?/:tab?: stages, questions, tag sets and sync rules of a pipeline. */
export function PipelineSetupRoute() {
  usePageTitle('Pipeline Setup');
  return (
    <EmptyState
      title="Pipelines"
      icon="setup"
      description="Each pipeline's stages, membership questions, tag sets and sync rules will appear here."
    />
  );
}
