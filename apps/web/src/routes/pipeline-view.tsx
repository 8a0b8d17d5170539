import { can } from '@grouptrack/domain';
import { Anchor, Button, Skeleton, Stack } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { QueryError } from '../components/query-error';
import { useLoggedUser } from '../app/signed-in-user';
import { FirstRun, NoPipelineAccess } from '../features/getting-started';
import { MemberReviewButton } from '../features/member-review';
import {
  PipelineBoard,
  choosePipeline,
  readLastPipeline,
  rememberLastPipeline,
} from '../features/pipeline-board';
import { usePageTitle } from '../lib/page-title';
import { usePipelines } from '../lib/pipelines';

/** /contacts/pipeline/:pipelineID?: contacts as a board of stages. */
export function PipelineViewRoute() {
  usePageTitle('Pipeline View');
  const me = useLoggedUser();
  const teamUID = me.currentTeam.teamUID;
  const { pipelineID } = useParams();
  const { search } = useLocation();
  const details = usePipelines(teamUID);
  const pipelines = details.data?.pipelines;
  const pipeline = pipelines?.find((item) => item.groupUID === pipelineID);

  useEffect(() => {
    if (pipeline) rememberLastPipeline(teamUID, pipeline.groupUID);
  }, [teamUID, pipeline]);

  if (details.isError && !details.data) {
    return (
      <QueryError
        title="Couldn't load your pipelines"
        error={details.error}
        onRetry={() => void details.refetch()}
        isRetrying={details.isFetching}
      />
    );
  }
  if (!pipelines) return <BoardLoading />;
  if (pipelines.length === 0) {
    if (!can(me.currentTeam.role, 'see-all-pipelines')) return <NoPipelineAccess teamUID={teamUID} />;
    return (
      <EmptyState
        title="No pipeline yet"
        icon="contacts"
        description={
          <>
            Create a pipeline with its stages in{' '}
            <Anchor component={Link} to="/setup/pipelines">
              Setup → Pipelines
            </Anchor>
            , then your contacts show here as cards you move from stage to stage.
          </>
        }
      />
    );
  }
  if (!pipelineID) {
    const chosen = choosePipeline({ pipelines, lastViewed: readLastPipeline(teamUID) });
    return <Navigate to={`/contacts/pipeline/${encodeURIComponent(chosen!)}${search}`} replace />;
  }
  if (!pipeline) {
    return (
      <EmptyState
        title="Pipeline not found"
        icon="contacts"
        description="This pipeline does not exist any more, or you do not have access to it."
      >
        <Button component={Link} to="/contacts/pipeline">
          Open your pipelines
        </Button>
      </EmptyState>
    );
  }
  return (
    <Stack gap="md">
      <Suspense fallback={null}>
        <FirstRun user={me} pipelineId={pipeline.groupUID} details={details.data!} />
      </Suspense>
      <Suspense fallback={<BoardLoading />}>
        <PipelineBoard
          key={pipeline.groupUID}
          teamUID={teamUID}
          pipeline={pipeline}
          pipelines={pipelines}
          globalTagSets={details.data?.globalTagSets ?? []}
          actions={<MemberReviewButton teamUID={teamUID} pipeline={pipeline} />}
        />
      </Suspense>
    </Stack>
  );
}

function BoardLoading() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the board">
      <Skeleton height={36} width="40%" />
      <Skeleton height={320} />
    </Stack>
  );
}
