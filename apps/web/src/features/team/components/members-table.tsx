import { formatAvatarUrl } from '@grouptrack/domain';
import { Avatar, Badge, Group, Table, Text } from '@mantine/core';
import { RoleBadge } from '../../../components/role-badge';
import type { TeamMember } from '../api/get-members';

const joinedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export interface MembersTableProps {
  members: TeamMember[];
  currentUserUID: string;
}

/** The members of a team with their email and role. */
export function MembersTable({ members, currentUserUID }: MembersTableProps) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Team members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Joined</Table.Th>
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
                  {member.uid === currentUserUID && (
                    <Badge size="xs" variant="outline" color="gray" tt="none">
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
                <RoleBadge role={member.role} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {joinedFormat.format(new Date(member.joinedAt))}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
