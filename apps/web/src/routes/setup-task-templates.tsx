import { TaskTemplatesPage } from '../features/task-templates/components/task-templates-page';
import { usePageTitle } from '../lib/page-title';

/** /setup/tasks: task templates. */
export function TaskTemplatesRoute() {
  usePageTitle('Task Templates');
  return <TaskTemplatesPage />;
}
