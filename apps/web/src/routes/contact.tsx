import { ContactPage } from '../features/contact';
import { ContactConnections } from '../features/connections';
import { ContactWorkflowRuns } from '../features/workflows';

/**
 * /contact/:GTID/:tab?/:pipelineID?: one contact, with their state in each connection and the
 * workflows they went through in its activity.
 */
export function ContactRoute() {
  return (
    <ContactPage
      activityExtra={({ teamUID, GTID }) => (
        <>
          <ContactConnections teamUID={teamUID} GTID={GTID} />
          <ContactWorkflowRuns teamUID={teamUID} GTID={GTID} />
        </>
      )}
    />
  );
}
