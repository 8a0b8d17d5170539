export { MessageTemplatesPage } from './components/message-templates-page';
export { MessageDialog } from './components/message-dialog';
export { useMessageTemplates } from './api/message-templates';
