import { getTier } from '@grouptrack/domain';
import { Anchor, Badge, Paper, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { formatStatus, formatTierName } from '../../billing/lib/format-billing';
import { useAdminTeams } from '../api/get-admin-teams';
import type { AdminTeamRow } from '../api/get-admin-teams';
import { formatDate } from '../lib/format-date';
import { AdminPager } from './admin-pager';
import { TeamPlanDrawer } from './team-plan-drawer';

const PAGE_SIZE = 25;

/** Operators find teams and change their plans. */
export function TeamsTab() {
  const [query, setQuery] = useState('');
  const [debouncedQuery] = useDebouncedValue(query, 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminTeamRow | null>(null);
  const teams = useAdminTeams({ q: debouncedQuery, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });

  return (
    <Stack gap="md">
      <TextInput
        label="Search teams"
        placeholder="Team name, team id or owner"
        type="search"
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      <Paper withBorder radius="md" p="md">
        {teams.isPending && <Skeleton height={160} />}
        {teams.isError && (
          <QueryError
            title="Could not load the teams"
            error={teams.error}
            onRetry={() => void teams.refetch()}
            isRetrying={teams.isFetching}
          />
        )}
        {teams.isSuccess && (
          <Stack gap="md">
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" highlightOnHover aria-label="Teams">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Team</Table.Th>
                    <Table.Th>Owner</Table.Th>
                    <Table.Th>Members</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Tier</Table.Th>
                    <Table.Th>Trial ends</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {teams.data.items.map((team) => {
                    const status = formatStatus(team.subscription.status);
                    return (
                      <Table.Tr
                        key={team.teamUID}
                        onClick={() => setEditing(team)}
                        style={{ cursor: 'pointer' }}
                      >
                        <Table.Td>
                          <Anchor
                            component="button"
                            type="button"
                            size="sm"
                            fw={500}
                            aria-label={`Edit the plan of ${team.name}`}
                            onClick={(event) => {
                              event.stopPropagation();
                              setEditing(team);
                            }}
                          >
                            {team.name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{team.owner.name}</Text>
                          <Text size="xs" c="dimmed">
                            {team.owner.email}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{team.memberCount}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge color={status.color} variant="dot" tt="none">
                            {status.label}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">
                            {team.subscription.tier} · {formatTierName(getTier(team.subscription.tier).name)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" c="dimmed">
                            {team.subscription.trialEndsAt ? formatDate(team.subscription.trialEndsAt) : '—'}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <AdminPager
              page={page}
              pageSize={PAGE_SIZE}
              total={teams.data.total}
              onChange={setPage}
              noun="teams"
            />
          </Stack>
        )}
      </Paper>
      <TeamPlanDrawer team={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
