import { isSocialPlatform } from '@grouptrack/domain';
import { useParams } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { ComingPage, ExtensionStatusAlert } from '../features/shell';
import { usePageTitle } from '../lib/page-title';
import { formatPlatformName } from '../lib/platform-names';

/** /queue/:platform: the tab in which the extension sends a platform's queued messages. */
export function QueueProcessorRoute() {
  const { platform = '' } = useParams();
  usePageTitle(`Queue Processor (${platform})`);
  if (!isSocialPlatform(platform)) {
    return (
      <EmptyState
        title="Unknown platform"
        icon="queue"
        description={`GroupTrack has no message queue for “${platform}”. Queues exist for Instagram, Facebook, LinkedIn, Pinterest, TikTok, YouTube and Skool.`}
      />
    );
  }
  return (
    <>
      <ExtensionStatusAlert />
      <ComingPage
        title={`${formatPlatformName(platform)} queue`}
        icon="queue"
        description={`Messages queued for ${formatPlatformName(platform)} will appear here while the extension sends them, one at a time and at a human pace.`}
      />
    </>
  );
}
