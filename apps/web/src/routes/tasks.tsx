import { EmptyState } from '../components/empty-state';
import { usePageTitle } from '../lib/page-title';

/** /tasks: the follow-ups of the team. */
export function TasksRoute() {
  usePageTitle('Tasks');
  return (
    <EmptyState
      title="Tasks"
      icon="tasks"
      description="Your follow-ups will appear here, sorted by due date, each with the contact it belongs to."
    />
  );
}
