import { EmptyState } from '../components/empty-state';
import { usePageTitle } from '../lib/page-title';

/** /setup/messaging: message templates. */
export function MessageTemplatesRoute() {
  usePageTitle('Message Templates');
  return (
    <EmptyState
      title="Message templates"
      icon="conversations"
      description="Your message templates will appear here, grouped by category and ready to personalise and send from any conversation."
    />
  );
}
