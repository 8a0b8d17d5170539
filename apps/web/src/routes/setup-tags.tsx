import { EmptyState } from '../components/empty-state';
import { usePageTitle } from '../lib/page-title';

/** /setup/tags: global tag sets. */
export function TagsRoute() {
  usePageTitle('Tags');
  return (
    <EmptyState
      title="Tags"
      icon="setup"
      description="Your tag sets will appear here, each with its colour and tags, shared by every pipeline of the team."
    />
  );
}
