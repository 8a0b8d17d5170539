import { useParams } from 'react-router';
import { ConversationsPage, readConversationPlatform, readConversationTab } from '../features/message-queue';
import { ExtensionStatusAlert } from '../features/shell';
import { usePageTitle } from '../lib/page-title';

/** /messages/:tab?/:platform?: the queued messages sent, scheduled, in review and failed, by platform. */
export function ConversationsRoute() {
  usePageTitle('Conversations');
  const { tab, platform } = useParams();
  return (
    <>
      <ExtensionStatusAlert />
      <ConversationsPage tab={readConversationTab(tab)} platform={readConversationPlatform(platform)} />
    </>
  );
}
