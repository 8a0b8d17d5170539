import { can } from '@grouptrack/domain';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { LoggedUser } from '../../../app/signed-in-user';
import type { PipelineList } from '../../../lib/pipelines';
import { AddContactButton } from '../../contact-create';
import { ImportWizard } from '../../contact-import';
import { useHasContacts, useRefreshContactCount } from '../api/checklist-facts';
import { GettingStartedChecklist } from './getting-started-checklist';

/**
 * What a new team sees above its board: the getting-started checklist (owners and admins), and, while
 * the team holds no contact, the ways to bring the first ones in. Loaded apart from the board, whose
 * first load has a budget.
 */
export default function FirstRun({
  user,
  pipelineId,
  details,
}: {
  user: LoggedUser;
  pipelineId: string;
  details: PipelineList;
}) {
  return (
    <>
      <GettingStartedChecklist user={user} />
      <FirstContacts user={user} pipelineId={pipelineId} details={details} />
    </>
  );
}

/** While the team holds no contact at all: the two ways to bring the first ones onto the board. */
function FirstContacts({
  user,
  pipelineId,
  details,
}: {
  user: LoggedUser;
  pipelineId: string;
  details: PipelineList;
}) {
  const { teamUID, role } = user.currentTeam;
  const hasContacts = useHasContacts(teamUID);
  const refreshContactCount = useRefreshContactCount(teamUID);
  if (hasContacts !== false) return null;
  const firstStageId = details.pipelines.find((item) => item.groupUID === pipelineId)?.stages[0]?.stageUID;
  return (
    <Paper withBorder radius="md" px="md" py="sm" component="section" aria-labelledby="first-contacts-title">
      <Group justify="space-between" gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h5" id="first-contacts-title">
            Your board is empty
          </Title>
          <Text size="sm" c="dimmed">
            Add the first person by hand, or import a CSV file from a spreadsheet or a group's member list.
          </Text>
        </Stack>
        <Group gap="sm">
          <AddContactButton
            teamUID={teamUID}
            preset={{ pipelineId, stageId: firstStageId ?? null }}
            onCreated={refreshContactCount}
            variant="light"
          >
            Add your first contact
          </AddContactButton>
          <ImportWizard
            teamUID={teamUID}
            pipelineId={pipelineId}
            details={details}
            requiresPipeline={!can(role, 'see-all-pipelines')}
            onFinished={refreshContactCount}
          />
        </Group>
      </Group>
    </Paper>
  );
}
