import { ComingPage, ExtensionStatusAlert } from '../features/shell';
import { usePageTitle } from '../lib/page-title';

/** /setup/workflows: automations. */
export function WorkflowsRoute() {
  usePageTitle('Workflows');
  return (
    <>
      <ExtensionStatusAlert />
      <ComingPage
        title="Workflows"
        icon="setup"
        description="Your automations will appear here, each with what starts it and the steps it takes for a contact."
      />
    </>
  );
}
