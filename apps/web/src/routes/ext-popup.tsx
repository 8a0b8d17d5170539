import { EmptyState } from '../components/empty-state';
import { usePageTitle } from '../lib/page-title';

/** /ext/popup: the extension's toolbar popup. */
export function ExtPopupRoute() {
  usePageTitle('Extension Popup');
  return (
    <EmptyState
      title="GroupTrack"
      icon="extension"
      description="Today's tasks and your latest leads will appear here, one click away on any page you browse."
    />
  );
}
