import { ContactPage } from '../features/contact/components/contact-page';

/** /contact/:GTID/:tab?/:pipelineID?: one contact. */
export function ContactRoute() {
  return <ContactPage />;
}
