import { EmptyState } from '../components/empty-state';
import { usePageTitle } from '../lib/page-title';

/** /bex/overlay: the extension's overlay on a social platform. */
export function BexOverlayRoute() {
  usePageTitle('Extension Overlay');
  return (
    <EmptyState
      title="GroupTrack overlay"
      icon="extension"
      description="Quick actions for the person on the page, such as adding them to a pipeline, will appear here on top of the social platform."
    />
  );
}
