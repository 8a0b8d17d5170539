export { TagReconciliationPage } from './components/tag-reconciliation-page';
