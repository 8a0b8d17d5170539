import { useMemo } from 'react';
import { useSetupAccess } from '../app/setup-access';
import { useConnections } from '../features/connections';
import { useMessageTemplates } from '../features/message-templates';
import { ExtensionStatusAlert } from '../features/shell';
import { useTaskTemplates } from '../features/task-templates';
import { WorkflowsPage, type WorkflowChoices } from '../features/workflows';
import { usePageTitle } from '../lib/page-title';
import { usePipelines } from '../lib/pipelines';

/** /setup/workflows: automations, with the pipelines, tags and templates their editor offers. */
export function WorkflowsRoute() {
  usePageTitle('Workflows');
  const { teamUID, canEdit } = useSetupAccess();
  const pipelines = usePipelines(teamUID);
  const messageTemplates = useMessageTemplates(teamUID);
  const taskTemplates = useTaskTemplates(teamUID);
  // Only owners and admins may list connections, as only they edit workflows.
  const connections = useConnections(teamUID, { enabled: canEdit });
  const choices = useMemo<WorkflowChoices | undefined>(
    () =>
      pipelines.data && messageTemplates.data && taskTemplates.data && (connections.data || !canEdit)
        ? {
            pipelines: pipelines.data,
            messageTemplates: messageTemplates.data,
            taskTemplates: taskTemplates.data,
            connections: connections.data ?? [],
          }
        : undefined,
    [pipelines.data, messageTemplates.data, taskTemplates.data, connections.data, canEdit],
  );
  return (
    <>
      <ExtensionStatusAlert />
      <WorkflowsPage teamUID={teamUID} canEdit={canEdit} choices={choices} />
    </>
  );
}
