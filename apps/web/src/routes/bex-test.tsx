import { EmptyState } from '../components/empty-state';
import { usePageTitle } from '../lib/page-title';

/** /bex/test: the extension's connection checks. */
export function BexTestRoute() {
  usePageTitle('Extension Test');
  return (
    <EmptyState
      title="Extension test"
      icon="extension"
      description="The results of the extension's connection checks will appear here."
    />
  );
}
