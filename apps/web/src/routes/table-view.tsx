import { EmptyState } from '../components/empty-state';
import { usePageTitle } from '../lib/page-title';

/** /contacts/table/:pipelineID?: contacts as a table. */
export function TableViewRoute() {
  usePageTitle('Table View');
  return (
    <EmptyState
      title="Contacts table"
      icon="contacts"
      description="Your contacts will appear here as a table of names, stages, tags, emails and phone numbers that you can sort, filter and update in bulk."
    />
  );
}
