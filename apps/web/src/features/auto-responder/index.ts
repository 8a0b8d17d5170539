export { AutoResponderPage } from './components/auto-responder-page';
export type { AutoResponderChoices } from './lib/auto-responder-form';
