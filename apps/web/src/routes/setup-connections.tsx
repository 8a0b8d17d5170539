import { useSetupAccess } from '../app/setup-access';
import { ConnectionsPage } from '../features/connections';
import { usePageTitle } from '../lib/page-title';
import { usePipelines } from '../lib/pipelines';

/** /setup/connections: the outside systems contacts are sent to, with the pipelines and tag sets they link. */
export function ConnectionsRoute() {
  usePageTitle('Connections');
  const { teamUID, canEdit } = useSetupAccess();
  const pipelines = usePipelines(teamUID, { enabled: canEdit });
  return <ConnectionsPage teamUID={teamUID} canEdit={canEdit} pipelines={pipelines.data} />;
}
