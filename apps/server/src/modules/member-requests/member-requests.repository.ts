import type { MemberRequestPlatform } from '@grouptrack/domain';
import { sql } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { selectRows } from '../../platform/db/raw';

/**
 * The living pipelines whose integrations name this group (group ids compared without case), first
 * in the team's order, with the name the group was connected under. A group belongs to one pipeline;
 * a deleted pipeline that had it and was restored may make two, and the first then receives.
 */
export async function findGroupPipelines(
  db: TeamDb,
  teamId: string,
  group: { platform: MemberRequestPlatform; groupId: string },
) {
  return selectRows<{ id: string; nickName: string; groupName: string | null }>(
    db,
    sql`select p.id, p.nick_name as "nickName", g.entry->>'name' as "groupName"
        from pipelines p
        cross join lateral (
          select entry from jsonb_array_elements(p.integrations) as entry
          where entry->>'type' = 'group' and entry->>'platform' = ${group.platform}
            and lower(entry->>'groupId') = ${group.groupId.toLowerCase()}
          limit 1) as g
        where p.team_id = ${teamId} and p.deleted_at is null
        order by p.rank`,
  );
}
