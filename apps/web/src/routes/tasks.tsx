import { TasksPage } from '../features/tasks';

/** /tasks: the follow-ups of the signed-in member, or of the whole team for owners and admins. */
export function TasksRoute() {
  return <TasksPage />;
}
