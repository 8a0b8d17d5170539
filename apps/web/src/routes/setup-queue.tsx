import { isSocialPlatform } from '@grouptrack/domain';
import { useParams } from 'react-router';
import { QueueSetupPage } from '../features/message-queue';
import { ExtensionStatusAlert } from '../features/shell';
import { usePageTitle } from '../lib/page-title';

/** /setup/queue/:platform?: message queue settings per platform (Facebook when none is named). */
export function QueueSetupRoute() {
  usePageTitle('Queue Setup');
  const { platform } = useParams();
  return (
    <>
      <ExtensionStatusAlert />
      <QueueSetupPage platform={isSocialPlatform(platform) ? platform : 'facebook'} />
    </>
  );
}
