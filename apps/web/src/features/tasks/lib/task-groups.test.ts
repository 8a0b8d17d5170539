import { describe, expect, it } from 'vitest';
import { findTaskGroup, groupTasks } from './task-groups';

// Local times, so the test holds in any time zone.
const now = new Date(2026, 10, 21, 15, 0);
const at = (day: number, hour: number) => new Date(2026, 10, day, hour, 0).toISOString();

describe('task groups', () => {
  it.each([
    [at(20, 8), 'overdue'],
    [at(21, 14), 'overdue'],
    [at(21, 16), 'today'],
    [at(21, 23), 'today'],
    [at(22, 0), 'upcoming'],
  ])('puts a task due at %s in %s', (actualDueDate, group) => {
    expect(findTaskGroup({ actualDueDate, now })).toBe(group);
  });

  it('keeps the order of the tasks within each group', () => {
    const tasks = [at(19, 8), at(20, 8), at(21, 18), at(25, 8), at(23, 8)].map((actualDueDate) => ({
      actualDueDate,
    }));
    const groups = groupTasks(tasks, now);
    expect(groups.overdue.map((task) => task.actualDueDate)).toEqual([at(19, 8), at(20, 8)]);
    expect(groups.today).toHaveLength(1);
    expect(groups.upcoming.map((task) => task.actualDueDate)).toEqual([at(25, 8), at(23, 8)]);
  });
});
