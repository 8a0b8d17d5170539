export { ImportWizard } from './components/import-wizard';
