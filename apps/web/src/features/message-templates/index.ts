export { MessageTemplatesPage } from './components/message-templates-page';
