import { useMemo } from 'react';
import { useSetupAccess } from '../app/setup-access';
import { AutoResponderPage, type AutoResponderChoices } from '../features/auto-responder';
import { useMessageTemplates } from '../features/message-templates';
import { ExtensionStatusAlert } from '../features/shell';
import { usePageTitle } from '../lib/page-title';
import { usePipelines } from '../lib/pipelines';

/** /tools/postTracker: the Auto Responder, with the pipelines, tags and message templates its jobs use. */
export function AutoResponderRoute() {
  usePageTitle('Auto Responder');
  const { teamUID, canEdit } = useSetupAccess();
  const pipelines = usePipelines(teamUID, { enabled: canEdit });
  const messageTemplates = useMessageTemplates(teamUID);
  const choices = useMemo<AutoResponderChoices | undefined>(
    () =>
      pipelines.data && messageTemplates.data
        ? { pipelines: pipelines.data, messageTemplates: messageTemplates.data }
        : undefined,
    [pipelines.data, messageTemplates.data],
  );
  return (
    <>
      <ExtensionStatusAlert />
      <AutoResponderPage teamUID={teamUID} canEdit={canEdit} choices={choices} />
    </>
  );
}
