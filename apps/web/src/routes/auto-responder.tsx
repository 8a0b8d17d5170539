import { ComingPage, ExtensionStatusAlert } from '../features/shell';
import { usePageTitle } from '../lib/page-title';

/** /tools/postTracker: the auto responder for comments on tracked posts. */
export function AutoResponderRoute() {
  usePageTitle('Auto Responder');
  return (
    <>
      <ExtensionStatusAlert />
      <ComingPage
        title="Auto Responder"
        icon="autoResponder"
        description="Posts you track will appear here. GroupTrack answers the comments that use your trigger words and adds those people to a pipeline."
      />
    </>
  );
}
