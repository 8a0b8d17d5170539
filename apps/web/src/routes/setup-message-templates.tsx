import { MessageTemplatesPage } from '../features/message-templates';
import { usePageTitle } from '../lib/page-title';

/** /setup/messaging: message templates. */
export function MessageTemplatesRoute() {
  usePageTitle('Message Templates');
  return <MessageTemplatesPage />;
}
