import { TOAST_TIMEOUT_MS } from '@grouptrack/domain';
import { Button, CopyButton, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatErrorMessage } from '../../../lib/api-client';
import { QueryError } from '../../../components/query-error';
import { RoleBadge } from '../../../components/role-badge';
import { useInvitations } from '../api/get-invitations';
import type { TeamInvitation } from '../api/get-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';
import type { PipelineSummary } from './pipeline-access';

const expiryFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export interface OpenInvitationsProps {
  teamUID: string;
  pipelines: PipelineSummary[];
}

/** The team's invitations nobody has used yet, with the pipelines each gives, to copy or revoke. */
export function OpenInvitations({ teamUID, pipelines }: OpenInvitationsProps) {
  const invitations = useInvitations(teamUID);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={3} size="h4">
          Open invitations
        </Title>
        {invitations.isPending && <Skeleton height={60} />}
        {invitations.isError && (
          <QueryError
            title="Could not load the invitations"
            error={invitations.error}
            onRetry={() => void invitations.refetch()}
            isRetrying={invitations.isFetching}
          />
        )}
        {invitations.isSuccess && invitations.data.length === 0 && (
          <Text size="sm" c="dimmed">
            No open invitations.
          </Text>
        )}
        {invitations.isSuccess && invitations.data.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" aria-label="Open invitations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Invitation</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Pipelines</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invitations.data.map((invitation) => (
                  <InvitationRow
                    key={invitation.inviteCode}
                    teamUID={teamUID}
                    invitation={invitation}
                    pipelines={pipelines}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

function InvitationRow({
  teamUID,
  invitation,
  pipelines,
}: {
  teamUID: string;
  invitation: TeamInvitation;
  pipelines: PipelineSummary[];
}) {
  const revoke = useRevokeInvitation(teamUID);
  const label = invitation.email ?? 'Shareable link';
  // A pipeline deleted since the invitation was made is not given, so it is not named.
  const given = pipelines.filter((pipeline) => invitation.groupAccess.includes(pipeline.id));
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {label}
        </Text>
      </Table.Td>
      <Table.Td>
        <RoleBadge role={invitation.role} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" c={invitation.role === 'member' && given.length === 0 ? 'dimmed' : undefined}>
          {invitation.role === 'admin'
            ? 'Every pipeline'
            : given.length > 0
              ? given.map((pipeline) => pipeline.name).join(', ')
              : 'None yet'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {expiryFormat.format(new Date(invitation.expiresAt))}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <CopyButton value={invitation.link} timeout={2000}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="default" onClick={copy} aria-label={`Copy link of ${label}`}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            loading={revoke.isPending}
            aria-label={`Revoke ${label}`}
            onClick={() =>
              revoke.mutate(invitation.inviteCode, {
                onError: (error) =>
                  notifications.show({
                    color: 'red',
                    title: 'Could not revoke the invitation',
                    message: formatErrorMessage(error),
                    autoClose: TOAST_TIMEOUT_MS,
                  }),
              })
            }
          >
            Revoke
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
