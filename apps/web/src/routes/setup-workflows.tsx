import { useMemo } from 'react';
import { useSetupAccess } from '../app/setup-access';
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
  const choices = useMemo<WorkflowChoices | undefined>(
    () =>
      pipelines.data && messageTemplates.data && taskTemplates.data
        ? {
            pipelines: pipelines.data,
            messageTemplates: messageTemplates.data,
            taskTemplates: taskTemplates.data,
          }
        : undefined,
    [pipelines.data, messageTemplates.data, taskTemplates.data],
  );
  return (
    <>
      <ExtensionStatusAlert />
      <WorkflowsPage teamUID={teamUID} canEdit={canEdit} choices={choices} />
    </>
  );
}
