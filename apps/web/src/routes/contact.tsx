import { ContactPage } from '../features/contact';

/** /contact/:GTID/:tab?/:pipelineID?: one contact. */
export function ContactRoute() {
  return <ContactPage />;
}
