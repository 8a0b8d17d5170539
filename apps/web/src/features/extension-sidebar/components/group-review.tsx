import { Stack, Text, Title } from '@mantine/core';
import { isGroupIntegration } from '@grouptrack/domain';
import { useLoggedUser } from '../../../app/signed-in-user';
import { usePipelines } from '../../../lib/pipelines';
import { ReviewList } from '../../member-review';

/**
 * On a group's requests page: the requests of that group waiting for a person, to approve, decline or
 * skip beside the page (the extension then carries the decision out on it).
 */
export function GroupReview({ groupId }: { groupId: string }) {
  const teamUID = useLoggedUser().currentTeam.teamUID;
  const pipelines = usePipelines(teamUID).data?.pipelines ?? [];
  const pipeline = pipelines.find((each) =>
    each.integrations.some(
      (entry) => isGroupIntegration(entry) && entry.groupId.toLowerCase() === groupId.toLowerCase(),
    ),
  );
  if (!pipeline) {
    return (
      <Text size="sm">
        This group is connected to none of your pipelines: connect it in a pipeline&apos;s setup (Groups) to
        capture its requests.
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
