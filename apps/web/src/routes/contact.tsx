import { ContactPage } from '../features/contact';
import { ContactWorkflowRuns } from '../features/workflows';

/** /contact/:GTID/:tab?/:pipelineID?: one contact, with the workflows they went through in its activity. */
export function ContactRoute() {
  return (
    <ContactPage
      activityExtra={({ teamUID, GTID }) => <ContactWorkflowRuns teamUID={teamUID} GTID={GTID} />}
    />
  );
}
