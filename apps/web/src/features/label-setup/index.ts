export { StatusLabelsPage } from './components/status-labels-page';
