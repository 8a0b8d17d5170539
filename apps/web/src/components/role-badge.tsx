import type { TeamRole } from '@grouptrack/domain';
import { Badge } from '@mantine/core';

const ROLE_LABELS: Record<TeamRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };
const ROLE_COLORS: Record<TeamRole, string> = { owner: 'blue', admin: 'teal', member: 'gray' };

/** Formats a team role for people: 'Owner', 'Admin' or 'Member'. */
export function formatRole(role: TeamRole): string {
  return ROLE_LABELS[role];
}

/** A member's role as a coloured badge. */
export function RoleBadge({ role }: { role: TeamRole }) {
  return (
    <Badge color={ROLE_COLORS[role]} variant="light" tt="none" size="md">
      {formatRole(role)}
    </Badge>
  );
}
