export { RecentlyDeletedPage, describeDeletion } from './components/recently-deleted-page';
