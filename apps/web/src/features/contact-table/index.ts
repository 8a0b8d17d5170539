export { contactTableRootKey } from './api/search-contact-pages';
export { ContactTable } from './components/contact-table';
