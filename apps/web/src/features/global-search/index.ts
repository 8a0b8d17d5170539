export { GlobalSearch } from './components/global-search';
export { useGlobalSearch } from './api/search-contacts-ahead';
