import { EmptyState } from '../components/empty-state';
import { usePageTitle } from '../lib/page-title';

/** /dashboard/home: the day at a glance. */
export function HomeDashboardRoute() {
  usePageTitle('Home Dashboard');
  return (
    <EmptyState
      title="Home"
      icon="dashboard"
      description="Your day at a glance will appear here: new leads from your groups, tasks due today and conversations waiting for an answer."
    />
  );
}
