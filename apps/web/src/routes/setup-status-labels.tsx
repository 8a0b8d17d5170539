import { StatusLabelsPage } from '../features/label-setup';
import { usePageTitle } from '../lib/page-title';

/** /setup/labels: status labels. */
export function StatusLabelsRoute() {
  usePageTitle('Status Labels');
  return <StatusLabelsPage />;
}
