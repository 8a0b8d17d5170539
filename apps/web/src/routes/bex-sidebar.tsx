import { EmptyState } from '../components/empty-state';
import { usePageTitle } from '../lib/page-title';

/** /bex/sidebar: the extension's sidebar next to a social platform. */
export function BexSidebarRoute() {
  usePageTitle('Extension Sidebar');
  return (
    <EmptyState
      title="GroupTrack sidebar"
      icon="extension"
      description="The person you are viewing on a social platform will appear here with their pipeline stage, tags and notes."
    />
  );
}
