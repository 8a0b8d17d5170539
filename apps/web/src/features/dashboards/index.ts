export { HomePage } from './components/home-page';
export { KpiPage } from './components/kpi-page';
