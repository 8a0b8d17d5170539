export { TagSetList } from './components/tag-set-list';
export { TagsPage } from './components/tags-page';
