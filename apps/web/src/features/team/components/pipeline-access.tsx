import { Group, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import type { TeamMember } from '../../../lib/team-members';
import { canEditPipelineAccess, toggleGroupAccess } from '../lib/member-permissions';
import type { MemberActor } from '../lib/member-permissions';

/** A pipeline as the access list needs it. */
export interface PipelineSummary {
  id: string;
  name: string;
}

export const NO_PIPELINES_NOTE =
  'This team has no pipelines yet. When you add pipelines, choose here which ones each member sees.';

export interface PipelineAccessProps {
  members: TeamMember[];
  pipelines: PipelineSummary[];
  actor: MemberActor;
  /** The member whose access is being saved, whose switches wait meanwhile. */
  pendingMemberUID?: string | null;
  onChange: (member: TeamMember, groupAccess: string[]) => void;
}

/** Which pipelines each member sees (groupAccess): a switch per pipeline for owners and admins to flip. */
export function PipelineAccess({
  members,
  pipelines,
  actor,
  pendingMemberUID,
  onChange,
}: PipelineAccessProps) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">
            Pipeline access
          </Title>
          <Text size="sm" c="dimmed">
            Owners and admins see every pipeline. Members see only the pipelines switched on for them.
          </Text>
        </Stack>
        {pipelines.length === 0 ? (
          <Text size="sm">{NO_PIPELINES_NOTE}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" aria-label="Pipeline access">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Member</Table.Th>
                  <Table.Th>Pipelines</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {members.map((member) => (
                  <Table.Tr key={member.uid}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {member.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {canEditPipelineAccess(actor, member) ? (
                        <Group gap="lg">
                          {pipelines.map((pipeline) => (
                            <Switch
                              key={pipeline.id}
                              label={pipeline.name}
                              aria-label={`${pipeline.name} for ${member.name}`}
                              checked={member.groupAccess.includes(pipeline.id)}
                              disabled={pendingMemberUID === member.uid}
                              onChange={(event) =>
                                onChange(
                                  member,
                                  toggleGroupAccess(
                                    member.groupAccess,
                                    pipeline.id,
                                    event.currentTarget.checked,
                                  ),
                                )
                              }
                            />
                          ))}
                        </Group>
                      ) : (
                        <Text size="sm" c="dimmed">
                          {member.role === 'member'
                            ? 'Only the owner or an admin can change this.'
                            : 'Sees every pipeline'}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
