import { TOAST_TIMEOUT_MS, formatAvatarUrl } from '@grouptrack/domain';
import {
  Avatar,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { RoleBadge, formatRole } from '../../../components/role-badge';
import type { TeamMember } from '../../../lib/team-members';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMember } from '../api/update-member';
import { canChangeRole, canLeaveTeam, canRemoveMember, listAssignableRoles } from '../lib/member-permissions';
import type { MemberActor } from '../lib/member-permissions';

const joinedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export interface MembersTableProps {
  teamUID: string;
  teamName: string;
  members: TeamMember[];
  actor: MemberActor;
}

/** The members of a team with their email and role; owners and admins change roles and remove people here. */
export function MembersTable({ teamUID, teamName, members, actor }: MembersTableProps) {
  const [confirming, setConfirming] = useState<TeamMember | null>(null);
  const updateMember = useUpdateMember(teamUID);
  const removeMember = useRemoveMember(teamUID, actor.uid);
  const roleOptions = listAssignableRoles(actor.role).map((role) => ({
    value: role,
    label: formatRole(role),
  }));
  const isLeaving = confirming?.uid === actor.uid;

  const changeRole = (member: TeamMember, role: 'admin' | 'member') => {
    updateMember.mutate(
      { userUID: member.uid, role },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            title: 'Role changed',
            message: `${member.name} is now ${role === 'admin' ? 'an admin' : 'a member'}.`,
            autoClose: TOAST_TIMEOUT_MS,
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'Could not change the role',
            message: formatErrorMessage(error),
            autoClose: TOAST_TIMEOUT_MS,
          }),
      },
    );
  };

  const confirmRemoval = () => {
    if (!confirming) return;
    const member = confirming;
    removeMember.mutate(member.uid, {
      onSuccess: () => {
        setConfirming(null);
        notifications.show({
          color: 'teal',
          title: member.uid === actor.uid ? 'You left the team' : 'Member removed',
          message:
            member.uid === actor.uid
              ? `You are no longer a member of ${teamName}.`
              : `${member.name} no longer has access to ${teamName}.`,
          autoClose: TOAST_TIMEOUT_MS,
        });
      },
    });
  };

  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" highlightOnHover aria-label="Team members">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Joined</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((member) => (
              <Table.Tr key={member.uid}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={formatAvatarUrl(member)} alt="" size={32} radius="xl" />
                    <Text size="sm" fw={500}>
                      {member.name}
                    </Text>
                    {member.uid === actor.uid && (
                      <Badge size="xs" variant="default" tt="none">
                        You
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {member.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {canChangeRole(actor, member) ? (
                    <Select
                      aria-label={`Role of ${member.name}`}
                      size="xs"
                      w={130}
                      data={roleOptions}
                      value={member.role}
                      allowDeselect={false}
                      disabled={updateMember.isPending && updateMember.variables.userUID === member.uid}
                      onChange={(value) => {
                        if ((value === 'admin' || value === 'member') && value !== member.role) {
                          changeRole(member, value);
                        }
                      }}
                    />
                  ) : (
                    <RoleBadge role={member.role} />
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {joinedFormat.format(new Date(member.joinedAt))}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end" wrap="nowrap">
                    {canRemoveMember(actor, member) && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${member.name}`}
                        onClick={() => {
                          removeMember.reset();
                          setConfirming(member);
                        }}
                      >
                        Remove
                      </Button>
                    )}
                    {canLeaveTeam(actor, member) && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => {
                          removeMember.reset();
                          setConfirming(member);
                        }}
                      >
                        Leave team
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={isLeaving ? `Leave ${teamName}?` : `Remove ${confirming?.name ?? 'member'}?`}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {isLeaving
              ? 'You lose access to this team’s contacts and pipelines at once. To come back, you need a new invitation.'
              : 'They lose access to this team’s contacts and pipelines at once. You can invite them again later.'}
          </Text>
          {removeMember.isError && (
            <Text size="sm" c="red" role="alert">
              {formatErrorMessage(removeMember.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button color="red" loading={removeMember.isPending} onClick={confirmRemoval}>
              {isLeaving ? 'Leave team' : 'Remove member'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
