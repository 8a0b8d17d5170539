import { TaskTemplatesPage } from '../features/task-templates';
import { usePageTitle } from '../lib/page-title';

/** /setup/tasks: task templates. */
export function TaskTemplatesRoute() {
  usePageTitle('Task Templates');
  return <TaskTemplatesPage />;
}
