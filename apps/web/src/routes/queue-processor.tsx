import { isSocialPlatform } from '@grouptrack/domain';
import { useParams } from 'react-router';
import { useLoggedUser } from '../app/signed-in-user';
import { EmptyState } from '../components/empty-state';
import { QueueProcessorPage } from '../features/queue-processor';
import { ExtensionStatusAlert } from '../features/shell';
import { usePageTitle } from '../lib/page-title';

/** /queue/:platform: the tab in which the extension sends a platform's queued messages. */
export function QueueProcessorRoute() {
  const { platform = '' } = useParams();
  const me = useLoggedUser();
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
      <QueueProcessorPage teamUID={me.currentTeam.teamUID} platform={platform} />
    </>
  );
}
