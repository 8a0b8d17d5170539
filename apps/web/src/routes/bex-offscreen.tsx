import { EmptyState } from '../components/empty-state';
import { usePageTitle } from '../lib/page-title';

/** /bex/offscreen: the extension's background document. */
export function BexOffscreenRoute() {
  usePageTitle('Extension Background');
  return (
    <EmptyState
      title="Extension background page"
      icon="extension"
      description="The extension uses this page in the background to keep your session and message queue going; it has nothing to show."
    />
  );
}
