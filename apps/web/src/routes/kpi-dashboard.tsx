import { EmptyState } from '../components/empty-state';
import { usePageTitle } from '../lib/page-title';

/** /dashboard/kpi: charts of the team's key numbers. */
export function KpiDashboardRoute() {
  usePageTitle('KPI Dashboard');
  return (
    <EmptyState
      title="KPI dashboard"
      icon="dashboard"
      description="The numbers you track will appear here as charts: new leads per stage, conversion from stage to stage and results per team member."
    />
  );
}
