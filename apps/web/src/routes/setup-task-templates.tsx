import { EmptyState } from '../components/empty-state';
import { usePageTitle } from '../lib/page-title';

/** /setup/tasks: task templates. */
export function TaskTemplatesRoute() {
  usePageTitle('Task Templates');
  return (
    <EmptyState
      title="Task templates"
      icon="tasks"
      description="Task templates will appear here, grouped by category, so a recurring follow-up can be added to any contact in one step."
    />
  );
}
