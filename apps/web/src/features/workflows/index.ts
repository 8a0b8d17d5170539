export { WorkflowsPage } from './components/workflows-page';
export { ContactWorkflowRuns } from './components/contact-workflow-runs';
export type { WorkflowChoices } from './lib/workflow-form';
