export type { Contact } from './api/get-contact';
export { useContact, useMoveContactStage } from './api/get-contact';
export { ContactPage } from './components/contact-page';
export { formatContactName } from './lib/contact-fields';
export { describeActivity } from './lib/describe-activity';
