import { getTier } from '@grouptrack/domain';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatStatus, formatTierName } from '../../billing';
import { useAdminTeams } from '../api/get-admin-teams';
import type { AdminTeamRow } from '../api/get-admin-teams';
import { formatDate } from '../lib/format-date';
import { AdminSearchList, useAdminSearch } from './admin-search-list';
import { TeamPlanDrawer } from './team-plan-drawer';

/** Operators find teams and change their plans. */
export function TeamsTab() {
  const search = useAdminSearch();
  const [editing, setEditing] = useState<AdminTeamRow | null>(null);
  const teams = useAdminTeams(search.search);

  return (
    <>
      <AdminSearchList
        search={search}
        result={teams}
        searchLabel="Search teams"
        placeholder="Team name, team id or owner"
        noun="teams"
        tableLabel="Teams"
        headings={['Team', 'Owner', 'Members', 'Status', 'Tier', 'Trial ends']}
        minWidth={760}
      >
        {(rows) =>
          rows.map((team) => {
            const status = formatStatus(team.subscription.status);
            return (
              <Table.Tr key={team.teamUID} onClick={() => setEditing(team)} style={{ cursor: 'pointer' }}>
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
          })
        }
      </AdminSearchList>
      <TeamPlanDrawer team={editing} onClose={() => setEditing(null)} />
    </>
  );
}
