export { useCreateTaskFromTemplate, useTasks } from './api/tasks';
export type { ReminderChannel, Task } from './api/tasks';
export { ReminderBell } from './components/reminder-bell';
export { REMINDER_SUMMARIES, ReminderChoice } from './components/reminder-choice';
export { TaskFormModal } from './components/task-form-modal';
export { TaskItem } from './components/task-item';
export { TaskSection } from './components/task-section';
export { TasksPage } from './components/tasks-page';
