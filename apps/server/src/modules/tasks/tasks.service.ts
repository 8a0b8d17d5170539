import {
  can,
  canSeePipeline,
  computeDueAt,
  createPushId,
  findNextOccurrence,
  type RepeatRule,
} from '@grouptrack/domain';
import type { z } from 'zod';
import { announceAppEvent } from '../../platform/app-events';
import type { Config } from '../../platform/config';
import type { Databases, TeamDb } from '../../platform/db/databases';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../platform/errors';
import { sendTaskReminderJob } from '../../jobs/send-task-reminder.job';
import type { JobQueue } from '../../platform/queue';
import { appendChange } from '../../platform/realtime';
import { listPipelinesOfContacts } from '../contacts';
import { announceInbox, writeInbox } from '../inbox';
import { NO_PIPELINE, type ContactsService } from '../contacts/contacts.service';
import type { MailService } from '../mail/mail.service';
import type { TeamActor, TeamsService } from '../teams/teams.service';
import { fillTaskNames } from '../templates/task-names';
import { findUser } from '../users';
import * as repo from './tasks.repository';

export interface TaskInput {
  taskName?: string | undefined;
  GTID?: string | null | undefined;
  assigneeUID?: string | undefined;
  dueDate?: string | undefined;
  dueTime?: string | null | undefined;
  reminder?: 'none' | 'in-app' | 'email' | 'sms' | undefined;
  repeat?: RepeatRule | null | undefined;
}

/** A task's fields checked for its team, with its due moment fixed in the assignee's time zone. */
export interface PreparedTask {
  taskName: string;
  assigneeUid: string;
  dueDate: string;
  dueTime: string | null;
  timeZone: string;
  /** ISO instant, so a prepared task can be stored in a bulk job as JSON. */
  dueAt: string;
  reminder: 'none' | 'in-app' | 'email' | 'sms';
  repeat: RepeatRule | null;
  /** Who makes it, for a name that says so ({senderName}); a bulk job stored before it has none. */
  makerName?: string | undefined;
}

export type TasksService = ReturnType<typeof createTasksService>;

/** Tasks (SPEC Task): due at a moment in the assignee's time zone, repeating if asked, reminded once. */
export function createTasksService(deps: {
  databases: Databases;
  teams: TeamsService;
  contacts: ContactsService;
  queue: JobQueue;
  mail: MailService;
  config: Pick<Config, 'APP_URL'>;
}) {
  const { databases, teams, contacts, queue, mail, config } = deps;
  const directory = databases.directory;

  /**
   * Queues each task's reminder for its due moment, in one insert. A job for an earlier moment finds
   * the task changed and does nothing, so changing or completing a task reschedules or cancels it.
   */
  async function scheduleReminders(
    list: { taskUID: string; status: string; reminder: string; actualDueDate: string }[],
    teamUID: string,
  ) {
    await queue.sendMany(
      sendTaskReminderJob,
      list
        .filter((task) => task.status === 'active' && task.reminder !== 'none')
        .map((task) => ({
          payload: { teamUID, taskId: task.taskUID, dueAt: task.actualDueDate },
          startAfter: new Date(task.actualDueDate),
          singletonKey: `${task.taskUID}@${task.actualDueDate}`,
        })),
    );
  }
  const scheduleReminder = (task: Parameters<typeof scheduleReminders>[0][number], teamUID: string) =>
    scheduleReminders([task], teamUID);

  /** Sends a reminder once: the reminder row (and the mail's key) make a retried job a no-op. */
  async function sendReminder({ teamUID, taskId, dueAt }: z.infer<typeof sendTaskReminderJob.payload>) {
    const db = databases.forTeam(teamUID);
    const task = await repo.findTask(db, teamUID, taskId);
    if (!task || task.status !== 'active' || task.reminder === 'none' || task.dueAt.toISOString() !== dueAt)
      return;
    const reminderId = `${taskId}@${dueAt}`;
    // The outbox key makes the mail or text message a retried job asks for again a no-op.
    const idempotencyKey = `reminder_${teamUID}_${reminderId}`;
    const assignee =
      task.reminder === 'email' || task.reminder === 'sms'
        ? await findUser(directory, task.assigneeUid)
        : null;
    if (assignee && task.reminder === 'email') {
      await mail.sendMail({
        to: assignee.email,
        subject: `Reminder: ${task.taskName}`,
        text: `Hello ${assignee.name},\n\nThis task is due now: ${task.taskName}.\n\nYour tasks: ${config.APP_URL}/tasks`,
        idempotencyKey,
      });
    }
    if (assignee?.phoneNumber && task.reminder === 'sms') {
      await mail.sendSms({
        to: assignee.phoneNumber,
        text: `GroupTrack reminder: ${task.taskName} is due now. ${config.APP_URL}/tasks`,
        idempotencyKey,
      });
    }
    const isNew = await repo.insertReminder(db, {
      teamId: teamUID,
      id: reminderId,
      taskId,
      userUid: task.assigneeUid,
      taskName: task.taskName,
      channel: task.reminder,
      dueAt: task.dueAt,
    });
    if (isNew) {
      await announceAppEvent(directory, {
        kind: 'reminder',
        userUID: task.assigneeUid,
        teamUID,
        reminderUID: reminderId,
        taskName: task.taskName,
        dueAt,
      });
    }
  }

  /** An SMS reminder needs the installation's SMS provider and the assignee's mobile number. */
  async function refuseUnsendableSms(reminder: TaskInput['reminder'], assigneeUid: string) {
    if (reminder !== 'sms') return;
    if (!mail.isSmsEnabled) {
      throw new BadRequestError(
        'Invalid reminder: SMS reminders need an SMS provider; ask your administrator to set one up.',
      );
    }
    const assignee = await findUser(directory, assigneeUid);
    if (!assignee?.phoneNumber) {
      throw new BadRequestError(
        `Invalid reminder: ${assignee?.name ?? 'the assignee'} has no mobile number for SMS reminders; add one in the profile.`,
      );
    }
  }

  /** The assignee must belong to the team; their time zone sets the due moment. */
  async function assigneeZone(teamUID: string, assigneeUid: string) {
    if (!(await teams.findMember(teamUID, assigneeUid))) {
      throw new BadRequestError('Invalid assigneeUID: assign the task to a member of this team.');
    }
    return timeZoneOf(assigneeUid);
  }

  /** The time zone a user keeps their calendar in (their profile's), UTC when they set none. */
  async function timeZoneOf(userId: string) {
    return (await findUser(directory, userId))?.timeZone ?? 'UTC';
  }

  function requireTaskAccess(member: TeamActor, task: repo.TaskRow | null) {
    // Members work their own tasks and those they created; owners and admins every task.
    if (
      !task ||
      (!can(member.role, 'see-all-pipelines') &&
        task.assigneeUid !== member.userId &&
        task.createdByUid !== member.userId)
    ) {
      throw new NotFoundError('Task not found.');
    }
    return task;
  }

  /**
   * Task events go where their contacts are, as the contacts' own events do: one per pipeline, or
   * `_none` (owners and admins only) for a contact in no pipeline. A task about nobody goes to all.
   * `formerContactIds` are contacts a changed task was about before: their pipelines hear of it too.
   */
  async function announceTasks(
    tx: TeamDb,
    teamUID: string,
    op: 'create' | 'update' | 'delete',
    list: { id: string; contactId: string | null; formerContactId?: string | null }[],
    data: Record<string, unknown>,
  ) {
    const contactIds = [
      ...new Set(list.flatMap((task) => [task.contactId, task.formerContactId ?? null]).filter(isId)),
    ];
    const placed = new Map<string, string[]>();
    for (const row of await listPipelinesOfContacts(tx, teamUID, contactIds)) {
      placed.set(row.contactId, [...(placed.get(row.contactId) ?? []), row.pipelineId]);
    }
    const byPipeline = new Map<string | null, Set<string>>();
    for (const task of list) {
      const about = [task.contactId, task.formerContactId ?? null].filter(isId);
      const pipelineIds =
        about.length === 0 ? [null] : about.flatMap((contactId) => placed.get(contactId) ?? [NO_PIPELINE]);
      for (const pipelineId of new Set(pipelineIds)) {
        const ids = byPipeline.get(pipelineId) ?? new Set();
        byPipeline.set(pipelineId, ids.add(task.id));
      }
    }
    for (const [pipelineId, ids] of byPipeline) {
      await appendChange(tx, teamUID, { entity: 'task', op, ids: [...ids], data, pipelineId });
    }
  }

  async function record(
    tx: TeamDb,
    member: TeamActor,
    task: repo.TaskRow,
    action: string,
    op: 'create' | 'update' | 'delete',
    formerContactId: string | null = null,
  ) {
    if (task.contactId) {
      await contacts.writeHistory(tx, member, task.contactId, [
        {
          type: 'task',
          action,
          data: { taskUID: task.id, taskName: task.taskName, dueAt: task.dueAt.toISOString() },
        },
      ]);
    }
    await announceTasks(
      tx,
      member.teamUID,
      op,
      [{ id: task.id, contactId: task.contactId, formerContactId }],
      { assigneeUID: task.assigneeUid },
    );
  }

  /** A task someone gave to another member goes to that member's inbox; one they took themselves does not. */
  function tellAssignee(tx: TeamDb, member: TeamActor, task: repo.TaskRow) {
    const notices =
      task.assigneeUid === member.userId
        ? []
        : [
            {
              userUID: task.assigneeUid,
              kind: 'task-assigned' as const,
              data: {
                taskUID: task.id,
                taskName: task.taskName,
                byName: member.name,
                dueAt: task.dueAt.toISOString(),
              },
            },
          ];
    return writeInbox(tx, member.teamUID, notices);
  }

  async function prepareTask(
    member: TeamActor,
    input: TaskInput & { taskName: string; dueDate: string },
  ): Promise<PreparedTask> {
    const { teamUID } = member;
    const assigneeUid = input.assigneeUID ?? member.userId;
    const timeZone = await assigneeZone(teamUID, assigneeUid);
    await refuseUnsendableSms(input.reminder, assigneeUid);
    const dueTime = input.dueTime ?? null;
    return {
      taskName: input.taskName,
      assigneeUid,
      dueDate: input.dueDate,
      dueTime,
      timeZone,
      dueAt: dueOf({ dueDate: input.dueDate, dueTime, timeZone }).toISOString(),
      reminder: input.reminder ?? 'in-app',
      repeat: input.repeat ?? null,
      makerName: member.name,
    };
  }

  function taskRow(
    member: Pick<TeamActor, 'teamUID' | 'userId'>,
    prepared: PreparedTask,
    contactId: string | null,
  ) {
    const id = createPushId('task_');
    const { makerName: _maker, ...columns } = prepared;
    return {
      ...columns,
      teamId: member.teamUID,
      id,
      seriesId: id,
      contactId,
      dueAt: new Date(prepared.dueAt),
      createdByUid: member.userId,
    };
  }

  function dueOf(input: { dueDate: string; dueTime: string | null; timeZone: string }) {
    try {
      return new Date(computeDueAt({ date: input.dueDate, time: input.dueTime, timeZone: input.timeZone }));
    } catch (error) {
      throw new BadRequestError(`Invalid dueDate: ${(error as Error).message}`);
    }
  }

  return {
    taskReminderJob: sendTaskReminderJob.handledBy(sendReminder),

    timeZoneOf,

    /** The signed-in member's reminders in this team, newest first. */
    async listReminders(member: TeamActor) {
      const { teamUID } = member;
      const rows = await repo.listReminders(databases.forTeam(teamUID), teamUID, member.userId, 50);
      return rows.map((row) => ({
        reminderUID: row.id,
        taskUID: row.taskId,
        taskName: row.taskName,
        dueAt: row.dueAt.toISOString(),
        channel: row.channel,
        readAt: row.readAt?.toISOString() ?? null,
      }));
    },

    async markRemindersRead(member: TeamActor) {
      const { teamUID } = member;
      await repo.markRemindersRead(databases.forTeam(teamUID), teamUID, member.userId);
    },

    async listTasks(
      member: TeamActor,
      options: {
        scope: 'mine' | 'team';
        status: 'active' | 'completed';
        contactId?: string | undefined;
        assigneeId?: string | undefined;
        pipelineId?: string | undefined;
        text?: string | undefined;
        limit: number;
      },
    ) {
      const { teamUID } = member;
      const db = databases.forTeam(teamUID);
      const seesAll = can(member.role, 'see-all-pipelines');
      if (options.contactId) await contacts.requireVisibleContact(db, member, options.contactId);
      if (options.pipelineId && !canSeePipeline(member, options.pipelineId)) {
        throw new NotFoundError('Pipeline not found.');
      }
      const teamWide = options.scope === 'team' || options.contactId !== undefined;
      // A member's list is theirs; a teammate's tasks are for owners and admins (or on a contact's page).
      const othersAsked =
        options.scope === 'team' ||
        (!teamWide && options.assigneeId !== undefined && options.assigneeId !== member.userId);
      if (othersAsked && !seesAll) {
        throw new ForbiddenError("Only the team owner or an admin can see the team's tasks.");
      }
      const rows = await repo.listTasks(db, teamUID, {
        status: options.status,
        assigneeUid: options.assigneeId ?? (teamWide ? undefined : member.userId),
        contactId: options.contactId,
        pipelineId: options.pipelineId,
        text: options.text,
        // Tasks about contacts in pipelines the member cannot see are left out, as the contacts are.
        visiblePipelineIds: seesAll ? 'all' : member.groupAccess,
        limit: options.limit,
      });
      return rows.map((row) => ({ ...presentTask(row), contactName: row.contactName }));
    },

    /** Checks a task's fields for the team; what createTask and a bulk action's batches insert. */
    prepareTask,

    /**
     * One prepared task per contact, in one insert, for a bulk action's batch: the batch writes the
     * contacts' activities itself, and one change event tells open task lists.
     */
    async insertTasksForContacts(
      tx: TeamDb,
      member: Pick<TeamActor, 'teamUID' | 'userId'>,
      prepared: PreparedTask,
      contactIds: string[],
    ) {
      // The maker's name travels with the prepared task: a read of the directory here would wait on
      // this transaction where both share one connection (PGlite).
      const maker = { teamUID: member.teamUID, name: prepared.makerName ?? '' };
      const names = await fillTaskNames(tx, maker, prepared.taskName, contactIds);
      const rows = await repo.insertTasks(
        tx,
        contactIds.map((contactId) =>
          taskRow(member, { ...prepared, taskName: names.get(contactId) ?? prepared.taskName }, contactId),
        ),
      );
      await announceTasks(tx, member.teamUID, 'create', rows, { assigneeUID: prepared.assigneeUid });
      return rows.map(presentTask);
    },

    scheduleReminders,

    async createTask(member: TeamActor, input: TaskInput & { taskName: string; dueDate: string }) {
      const { teamUID } = member;
      const prepared = await prepareTask(member, input);
      const { created, told } = await databases.forTeam(teamUID).transaction(async (tx) => {
        if (input.GTID) await contacts.requireVisibleContact(tx, member, input.GTID);
        // A name with fields ("Follow up with {firstName}") is filled in for the contact.
        const taskName = input.GTID
          ? ((await fillTaskNames(tx, member, prepared.taskName, [input.GTID])).get(input.GTID) ??
            prepared.taskName)
          : prepared.taskName;
        const task = await repo.insertTask(
          tx,
          taskRow(member, { ...prepared, taskName }, input.GTID ?? null),
        );
        await record(tx, member, task, 'added', 'create');
        return { created: presentTask(task), told: await tellAssignee(tx, member, task) };
      });
      await announceInbox(directory, told);
      await scheduleReminder(created, teamUID);
      return created;
    },

    async updateTask(member: TeamActor, taskId: string, input: TaskInput) {
      const { teamUID } = member;
      const db = databases.forTeam(teamUID);
      const current = requireTaskAccess(member, await repo.findTask(db, teamUID, taskId));
      const assigneeUid = input.assigneeUID ?? current.assigneeUid;
      const timeZone = input.assigneeUID ? await assigneeZone(teamUID, assigneeUid) : current.timeZone;
      // A task that already reminds by SMS is checked again only when it changes hands.
      await refuseUnsendableSms(
        input.reminder ?? (input.assigneeUID ? current.reminder : undefined),
        assigneeUid,
      );
      const { saved, told } = await db.transaction(async (tx) => {
        const task = requireTaskAccess(member, await repo.findTask(tx, teamUID, taskId));
        if (input.GTID) await contacts.requireVisibleContact(tx, member, input.GTID);
        const dueDate = input.dueDate ?? task.dueDate;
        const dueTime = input.dueTime !== undefined ? input.dueTime : task.dueTime;
        const patch = {
          ...(input.taskName !== undefined && { taskName: input.taskName }),
          ...(input.GTID !== undefined && { contactId: input.GTID }),
          ...(input.reminder !== undefined && { reminder: input.reminder }),
          ...(input.repeat !== undefined && { repeat: input.repeat }),
          assigneeUid,
          timeZone,
          dueDate,
          dueTime,
          dueAt: dueOf({ dueDate, dueTime, timeZone }),
        };
        // A change that changes nothing is no change: no write, no history, no event.
        const unchanged = Object.entries(patch).every(([key, value]) => {
          const current = task[key as keyof typeof patch];
          return value instanceof Date && current instanceof Date
            ? value.getTime() === current.getTime()
            : JSON.stringify(value) === JSON.stringify(current);
        });
        if (unchanged) return { saved: presentTask(task), told: null };
        const updated = await repo.updateTask(tx, teamUID, taskId, patch);
        await record(tx, member, updated, 'updated', 'update', task.contactId);
        // Only a task that changed hands is news to its assignee.
        const told =
          updated.assigneeUid !== task.assigneeUid ? await tellAssignee(tx, member, updated) : null;
        return { saved: presentTask(updated), told };
      });
      if (told) await announceInbox(directory, told);
      await scheduleReminder(saved, teamUID);
      return saved;
    },

    /** Completes a task; a repeating one comes back as the next occurrence, in the same write. */
    async completeTask(member: TeamActor, taskId: string, isCompleted: boolean) {
      const { teamUID } = member;
      const outcome = await databases.forTeam(teamUID).transaction(async (tx) => {
        const task = requireTaskAccess(member, await repo.findTask(tx, teamUID, taskId));
        if ((task.status === 'completed') === isCompleted) return { task: presentTask(task), next: null };
        const updated = await repo.updateTask(tx, teamUID, taskId, {
          status: isCompleted ? 'completed' : 'active',
          completedAt: isCompleted ? new Date() : null,
        });
        await record(tx, member, updated, isCompleted ? 'completed' : 'reopened', 'update');
        if (!isCompleted || !task.repeat) return { task: presentTask(updated), next: null };
        const nextDate = findNextOccurrence(task.repeat as RepeatRule, task.dueDate, task.occurrence);
        if (!nextDate) return { task: presentTask(updated), next: null };
        const next = await repo.insertTask(tx, {
          ...task,
          id: createPushId('task_'),
          occurrence: task.occurrence + 1,
          dueDate: nextDate,
          dueAt: dueOf({ dueDate: nextDate, dueTime: task.dueTime, timeZone: task.timeZone }),
          status: 'active',
          completedAt: null,
          createdAt: new Date(),
          updatedAt: new Date(),
        });
        await record(tx, member, next, 'added', 'create');
        return { task: presentTask(updated), next: presentTask(next) };
      });
      // A reopened task is reminded again; the next occurrence gets its own reminder.
      await scheduleReminder(outcome.next ?? outcome.task, teamUID);
      return outcome;
    },

    /** Brings back a deleted task as it was (the Undo of a delete), with its reminder. */
    async restoreTask(member: TeamActor, taskId: string) {
      const { teamUID } = member;
      const restored = await databases.forTeam(teamUID).transaction(async (tx) => {
        requireTaskAccess(member, await repo.findDeletedTask(tx, teamUID, taskId));
        const task = await repo.restoreTask(tx, teamUID, taskId);
        await record(tx, member, task, 'added', 'create');
        return presentTask(task);
      });
      await scheduleReminder(restored, teamUID);
      return restored;
    },

    async deleteTask(member: TeamActor, taskId: string) {
      const { teamUID } = member;
      await databases.forTeam(teamUID).transaction(async (tx) => {
        const task = requireTaskAccess(member, await repo.findTask(tx, teamUID, taskId));
        await repo.deleteTask(tx, teamUID, taskId);
        await record(tx, member, task, 'deleted', 'delete');
      });
    },
  };
}

const isId = (value: string | null): value is string => value !== null;

function presentTask(task: repo.TaskRow) {
  return {
    taskUID: task.id,
    taskName: task.taskName,
    GTID: task.contactId,
    assigneeUID: task.assigneeUid,
    dueDate: task.dueDate,
    dueTime: task.dueTime,
    timeZone: task.timeZone,
    actualDueDate: task.dueAt.toISOString(),
    status: task.status,
    reminder: task.reminder,
    repeatData: task.repeat,
    occurrence: task.occurrence,
    completedAt: task.completedAt?.toISOString() ?? null,
    createdByUID: task.createdByUid,
  };
}
