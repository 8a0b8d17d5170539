import { EmptyState } from '../components/empty-state';
import { usePageTitle } from '../lib/page-title';

/** /contacts/pipeline/:pipelineID?: contacts as a board of stages. */
export function PipelineViewRoute() {
  usePageTitle('Pipeline View');
  return (
    <EmptyState
      title="Pipeline"
      icon="contacts"
      description="Your pipelines will appear here as boards of stages, with a card for every contact you are moving toward a sale."
    />
  );
}
