export { ContactTable } from './components/contact-table';
