import { Badge, Button } from '@mantine/core';
import { isGroupIntegration } from '@grouptrack/domain';
import type { Pipeline } from '@grouptrack/domain';
import { Suspense, lazy, useState } from 'react';
import { useReviewList } from '../api/review';

// Loaded when first opened: the board's first paint carries only the button.
const ReviewDrawer = lazy(() =>
  import('./review-drawer').then((module) => ({ default: module.ReviewDrawer })),
);

/** Whether the pipeline receives a group's member requests (a group is connected in its setup). */
function receivesRequests(pipeline: Pipeline): boolean {
  return pipeline.integrations.some(isGroupIntegration);
}

/**
 * "Requests to review" on the board of a pipeline that receives a group's member requests, with how
 * many wait; it opens the review list. A pipeline without a group shows nothing.
 */
export function MemberReviewButton({ teamUID, pipeline }: { teamUID: string; pipeline: Pipeline }) {
  const [opened, setOpened] = useState(false);
  const enabled = receivesRequests(pipeline);
  const list = useReviewList(teamUID, pipeline.groupUID, enabled);
  if (!enabled) return null;
  const first = list.data?.pages[0];
  const waiting = first ? `${first.requests.length}${first.nextCursor ? '+' : ''}` : null;
  return (
    <>
      <Button
        variant="default"
        onClick={() => setOpened(true)}
        rightSection={waiting !== null && <Badge size="sm">{waiting}</Badge>}
      >
        Requests to review
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ReviewDrawer
            teamUID={teamUID}
            pipelineID={pipeline.groupUID}
            opened={opened}
            onClose={() => setOpened(false)}
          />
        </Suspense>
      )}
    </>
  );
}
