import { HomePage } from '../features/dashboards';

/** /dashboard/home: the day at a glance. */
export function HomeDashboardRoute() {
  return <HomePage />;
}
