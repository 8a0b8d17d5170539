import { ExtensionOverlay } from '../features/extension-overlay';
import { usePageTitle } from '../lib/page-title';

/** /bex/overlay: the extension's hidden frame that finds the people of a social list page in GroupTrack. */
export function BexOverlayRoute() {
  usePageTitle('Extension Overlay');
  return <ExtensionOverlay />;
}
