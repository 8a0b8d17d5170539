import { Alert, Button, Select, Stack, Text, Title } from '@mantine/core';
import { can, isGroupIntegration } from '@grouptrack/domain';
import type { SocialPlatform } from '@grouptrack/domain';
import { useState } from 'react';
import { useLoggedUser } from '../../../app/signed-in-user';
import { formatErrorMessage, requestData, teamPath } from '../../../lib/api-client';
import { usePipelineMutation, usePipelines } from '../../../lib/pipelines';
import type { Pipeline } from '../../../lib/pipelines';
import { ReviewList } from '../../member-review';

/**
 * On a group's requests page: the requests of that group waiting for a person, to approve, decline or
 * skip beside the page (the extension then carries the decision out on it). A group connected to no
 * pipeline yet can be connected here by an owner or admin, without going to the pipeline's setup.
 */
export function GroupReview({ platform, groupId }: { platform: SocialPlatform; groupId: string }) {
  const user = useLoggedUser();
  const teamUID = user.currentTeam.teamUID;
  const pipelines = usePipelines(teamUID).data?.pipelines ?? [];
  const pipeline = pipelines.find((each) =>
    each.integrations.some(
      (entry) => isGroupIntegration(entry) && entry.groupId.toLowerCase() === groupId.toLowerCase(),
    ),
  );
  if (!pipeline) {
    return can(user.currentTeam.role, 'manage-pipelines') &&
      (platform === 'facebook' || platform === 'skool') ? (
      <ConnectGroup teamUID={teamUID} platform={platform} groupId={groupId} pipelines={pipelines} />
    ) : (
      <Text size="sm">
        This group is connected to none of your pipelines: an owner or admin connects it in a pipeline&apos;s
        setup (Groups) to capture its requests.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Title order={1} size="h4">
        Requests to review
      </Title>
      <Text size="xs" c="dimmed">
        For {pipeline.nickName}
      </Text>
      <ReviewList teamUID={teamUID} pipelineID={pipeline.groupUID} autoFocus={false} />
    </Stack>
  );
}

function ConnectGroup({
  teamUID,
  platform,
  groupId,
  pipelines,
}: {
  teamUID: string;
  platform: 'facebook' | 'skool';
  groupId: string;
  pipelines: Pipeline[];
}) {
  const [picked, setPicked] = useState<string | null>(null);
  // The first pipeline until one is picked: the list may still be coming when this first draws.
  const pipelineID = picked ?? pipelines[0]?.groupUID ?? null;
  const connect = usePipelineMutation(teamUID, (target: string) =>
    requestData<Pipeline>(teamPath(teamUID, 'pipelines', target, 'groups', platform, groupId), {
      method: 'PUT',
      body: { name: null },
    }),
  );
  return (
    <Stack gap="sm">
      <Text size="sm">
        Connect this group to a pipeline: its requests then come into it, with their answers, whenever this
        page is open.
      </Text>
      <Select
        label="Pipeline"
        data={pipelines.map((each) => ({ value: each.groupUID, label: each.nickName }))}
        value={pipelineID}
        onChange={setPicked}
        allowDeselect={false}
      />
      <Button
        onClick={() => pipelineID && connect.mutate(pipelineID)}
        loading={connect.isPending}
        disabled={!pipelineID}
        w="fit-content"
      >
        Connect this group
      </Button>
      {connect.isError && (
        <Alert color="red" variant="light" role="alert">
          {formatErrorMessage(connect.error)}
        </Alert>
      )}
    </Stack>
  );
}
