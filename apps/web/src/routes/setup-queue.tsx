import { isSocialPlatform } from '@grouptrack/domain';
import { useParams } from 'react-router';
import { ComingPage, ExtensionStatusAlert } from '../features/shell';
import { usePageTitle } from '../lib/page-title';
import { formatPlatformName } from '../lib/platform-names';

/** /setup/queue/:platform?: message queue settings per platform. */
export function QueueSetupRoute() {
  usePageTitle('Queue Setup');
  const { platform } = useParams();
  const where = isSocialPlatform(platform) ? `on ${formatPlatformName(platform)}` : 'on each platform';
  return (
    <>
      <ExtensionStatusAlert />
      <ComingPage
        title="Message queue"
        icon="queue"
        description={`How the message queue sends ${where} will be set here: how many messages go out, how fast, and which ones wait for your review.`}
      />
    </>
  );
}
