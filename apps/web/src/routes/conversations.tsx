import { isSocialPlatform } from '@grouptrack/domain';
import { useParams } from 'react-router';
import { ComingPage, ExtensionStatusAlert } from '../features/shell';
import { usePageTitle } from '../lib/page-title';
import { formatPlatformName } from '../lib/platform-names';

/** /messages/:tab?/:platform?: conversations with leads. */
export function ConversationsRoute() {
  usePageTitle('Conversations');
  const { platform } = useParams();
  const where = isSocialPlatform(platform)
    ? formatPlatformName(platform)
    : 'Facebook, Instagram and the other platforms';
  return (
    <>
      <ExtensionStatusAlert />
      <ComingPage
        title="Conversations"
        icon="conversations"
        description={`Your conversations with leads on ${where} will appear here, next to each contact's pipeline stage and tags.`}
      />
    </>
  );
}
