import { KpiPage } from '../features/dashboards';

/** /dashboard/kpi: charts of the team's key numbers over time. */
export function KpiDashboardRoute() {
  return <KpiPage />;
}
