import {
  addDaysToDate,
  formatDateInZone,
  isKnownTimeZone,
  startOfDayInZone,
  type DailyGoal,
} from '@grouptrack/domain';
import { eq } from 'drizzle-orm';
import type { Databases } from '../../platform/db/databases';
import { teamMembers, users } from '../../platform/db/directory-schema';
import { BadRequestError } from '../../platform/errors';
import type { Actor } from '../../platform/http/actor';
import * as repo from './dashboards.repository';

export type DailyGoalService = ReturnType<typeof createDailyGoalService>;

/**
 * The Daily Goal: the messages a user sent through GroupTrack today (by the queue, or written from
 * a template and copied), read from each of their teams' rollups, against the goal they set.
 */
export function createDailyGoalService({ databases }: { databases: Databases }) {
  return {
    /** Today's messages in a time zone (the user's own when none is given). */
    async get(actor: Actor, input: { timeZone?: string | undefined }, now = Date.now()): Promise<DailyGoal> {
      const [user] = await databases.directory
        .select({ timeZone: users.timeZone, dailyGoal: users.dailyGoal })
        .from(users)
        .where(eq(users.id, actor.userId));
      const timeZone = input.timeZone ?? user?.timeZone ?? 'UTC';
      if (!isKnownTimeZone(timeZone))
        throw new BadRequestError(`Invalid timeZone: ${timeZone} is not a known time zone.`);
      const date = formatDateInZone(now, timeZone);
      const start = new Date(startOfDayInZone(date, timeZone));
      const end = new Date(startOfDayInZone(addDaysToDate(date, 1), timeZone));
      const memberships = await databases.directory
        .select({ teamId: teamMembers.teamId })
        .from(teamMembers)
        .where(eq(teamMembers.userId, actor.userId));
      const perTeam = await Promise.all(
        memberships.map(({ teamId }) =>
          repo.sumRollups(databases.forTeam(teamId), teamId, {
            previousStart: start,
            start,
            end,
            timeZone,
            // The user's own messages, whichever pipeline their contacts are in.
            scope: { all: true },
            memberUid: actor.userId,
            metrics: ['message_sent'],
          }),
        ),
      );
      const byPlatform = new Map<string, number>();
      for (const row of perTeam.flat()) byPlatform.set(row.dim, (byPlatform.get(row.dim) ?? 0) + row.n);
      return {
        date,
        timeZone,
        goal: user?.dailyGoal ?? null,
        sent: [...byPlatform.values()].reduce((sum, value) => sum + value, 0),
        perPlatform: [...byPlatform]
          .map(([platform, sent]) => ({ platform, sent }))
          .sort((a, b) => b.sent - a.sent || a.platform.localeCompare(b.platform)),
      };
    },

    /** Sets the user's goal, or clears it. */
    async setGoal(actor: Actor, goal: number | null) {
      await databases.directory
        .update(users)
        .set({ dailyGoal: goal, updatedAt: new Date() })
        .where(eq(users.id, actor.userId));
    },
  };
}
