import { RecentlyDeletedPage } from '../features/recently-deleted';
import { usePageTitle } from '../lib/page-title';

/** /contacts/deleted: contacts and pipelines deleted in the last 30 days, with Restore. */
export function RecentlyDeletedRoute() {
  usePageTitle('Recently deleted');
  return <RecentlyDeletedPage />;
}
