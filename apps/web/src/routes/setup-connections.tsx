import { EmptyState } from '../components/empty-state';
import { usePageTitle } from '../lib/page-title';

/** /setup/connections: connections to outside tools. */
export function ConnectionsRoute() {
  usePageTitle('Connections');
  return (
    <EmptyState
      title="Connections"
      icon="setup"
      description="Your connected tools will appear here: Google Sheets, webhooks and the marketing and CRM systems your contacts sync to."
    />
  );
}
