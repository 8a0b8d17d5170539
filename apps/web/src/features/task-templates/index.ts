export { useTaskTemplates } from './api/task-templates';
export { TaskTemplatesPage } from './components/task-templates-page';
