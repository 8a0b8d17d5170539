export { MessageTemplatesPage } from './components/message-templates-page';
export { MessageDialog } from './components/message-dialog';
