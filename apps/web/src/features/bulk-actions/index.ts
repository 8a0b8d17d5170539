export { BulkActionBar } from './components/bulk-action-bar';
