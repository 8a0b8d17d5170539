import { ComingPage } from '../features/shell';
import { usePageTitle } from '../lib/page-title';

/** /setup/connections: connections to outside tools. */
export function ConnectionsRoute() {
  usePageTitle('Connections');
  return (
    <ComingPage
      title="Connections"
      icon="setup"
      description="Your connected tools will appear here: Google Sheets, webhooks and the marketing and CRM systems your contacts sync to."
    />
  );
}
