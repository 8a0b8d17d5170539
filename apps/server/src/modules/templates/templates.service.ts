import {
  addDaysToDate,
  createPushId,
  findUnknownTemplateFields,
  formatDateInZone,
  type SocialPlatform,
} from '@grouptrack/domain';
import { createContactChanges } from '../contacts';
import type { Databases } from '../../platform/db/databases';
import { deleteTeamRow } from '../../platform/db/team-rows';
import { messageTemplates, taskTemplates } from '../../platform/db/team-schema';
import { BadRequestError, NotFoundError } from '../../platform/errors';
import type { TeamActor } from '../../platform/http/actor';
import { requirePermission } from '../../platform/http/permission';
import { appendChange } from '../../platform/realtime';
import type { TasksService } from '../tasks/tasks.service';
import type { TeamsService } from '../teams/teams.service';
import * as repo from './templates.repository';

export interface MessageTemplateInput {
  name?: string | undefined;
  text?: string | undefined;
  category?: string | undefined;
  type?: string | undefined;
  tags?: string[] | undefined;
}

export interface TaskTemplateInput {
  name?: string | undefined;
  category?: string | undefined;
  type?: string | undefined;
  assigneeUID?: string | null | undefined;
  dueInDays?: number | undefined;
  dueTime?: string | null | undefined;
  reminder?: 'none' | 'in-app' | 'email' | 'sms' | undefined;
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;

/** Message templates (snippets) and task templates: owners and admins write them, everyone uses them. */
export function createTemplatesService(deps: {
  databases: Databases;
  teams: TeamsService;
  tasks: TasksService;
}) {
  const { databases, teams, tasks } = deps;
  const contactChanges = createContactChanges({ databases });

  function checkFields(text: string | undefined) {
    const unknown = text ? findUnknownTemplateFields(text) : [];
    if (unknown.length > 0) {
      throw new BadRequestError(
        `Invalid text: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((field) => `{${field}}`).join(', ')}.`,
      );
    }
  }

  async function taskFromTemplate(member: TeamActor, templateId: string, today = Date.now()) {
    const { teamUID } = member;
    const template = await repo.findTaskTemplate(databases.forTeam(teamUID), teamUID, templateId);
    if (!template) throw new NotFoundError('Task template not found.');
    const assigneeUID = template.assigneeUid ?? member.userId;
    // "In 2 days" counts from today on the assignee's calendar, whose time zone the task is due in.
    const todayThere = formatDateInZone(today, await tasks.timeZoneOf(assigneeUID));
    return {
      taskName: template.name,
      assigneeUID,
      dueDate: addDaysToDate(todayThere, template.dueInDays),
      dueTime: template.dueTime,
      reminder: template.reminder,
    };
  }

  return {
    async listMessageTemplates(member: TeamActor) {
      const { teamUID } = member;
      const rows = await repo.listMessageTemplates(databases.forTeam(teamUID), teamUID);
      return rows.map((row) => ({
        templateUID: row.id,
        name: row.name,
        text: row.text,
        category: row.category,
        type: row.type,
        tags: row.tags,
      }));
    },

    async saveMessageTemplate(member: TeamActor, templateId: string | null, input: MessageTemplateInput) {
      const { teamUID } = requirePermission(member, 'manage-setup', 'templates');
      checkFields(input.text);
      const id = templateId ?? createPushId('tpl_');
      await databases.forTeam(teamUID).transaction(async (tx) => {
        if (templateId) {
          if (!(await repo.updateMessageTemplate(tx, teamUID, templateId, input)))
            throw new NotFoundError('Template not found.');
        } else {
          await repo.insertMessageTemplate(tx, {
            teamId: teamUID,
            id,
            name: input.name!,
            text: input.text!,
            ...input,
          });
        }
        await appendChange(tx, teamUID, {
          entity: 'message_template',
          op: templateId ? 'update' : 'create',
          ids: [id],
        });
      });
      return id;
    },

    /**
     * Logs a message copied for a contact, as the text went out, in the contact's history (a message,
     * so the contact counts as contacted): one write. A template it came from is named in the entry.
     */
    async logMessageCopy(
      member: TeamActor,
      input: { GTID: string; text: string; templateUID: string | null; platform?: SocialPlatform },
    ) {
      const { teamUID } = member;
      const { GTID, text, templateUID, platform } = input;
      const logged = await contactChanges.changeContact(member, GTID, async (tx) => {
        const template = templateUID ? await repo.findMessageTemplate(tx, teamUID, templateUID) : null;
        if (templateUID && !template) throw new NotFoundError('Template not found.');
        const entry = contactChanges.activity(member, GTID, {
          type: 'message',
          action: 'copied',
          note: text,
          data: {
            ...(template && { templateUID: template.id, templateName: template.name }),
            ...(platform && { platform }),
          },
        });
        return { history: [entry], result: { activityUID: entry.id } };
      });
      return logged!;
    },

    async deleteMessageTemplate(member: TeamActor, templateId: string) {
      const { teamUID } = requirePermission(member, 'manage-setup', 'templates');
      await deleteTeamRow(databases, teamUID, messageTemplates, templateId, {
        entity: 'message_template',
        notFound: 'Template not found.',
      });
    },

    async listTaskTemplates(member: TeamActor) {
      const { teamUID } = member;
      const rows = await repo.listTaskTemplates(databases.forTeam(teamUID), teamUID);
      return rows.map((row) => ({
        templateUID: row.id,
        name: row.name,
        category: row.category,
        type: row.type,
        assigneeUID: row.assigneeUid,
        dueInDays: row.dueInDays,
        dueTime: row.dueTime,
        reminder: row.reminder,
      }));
    },

    async saveTaskTemplate(member: TeamActor, templateId: string | null, input: TaskTemplateInput) {
      const { teamUID } = requirePermission(member, 'manage-setup', 'templates');
      if (input.assigneeUID && !(await teams.findMember(teamUID, input.assigneeUID))) {
        throw new BadRequestError('Invalid assigneeUID: choose a member of this team.');
      }
      const { assigneeUID, ...rest } = input;
      const columns = { ...rest, ...(assigneeUID !== undefined && { assigneeUid: assigneeUID }) };
      const id = templateId ?? createPushId('ttpl_');
      await databases.forTeam(teamUID).transaction(async (tx) => {
        if (templateId) {
          if (!(await repo.updateTaskTemplate(tx, teamUID, templateId, columns)))
            throw new NotFoundError('Task template not found.');
        } else {
          await repo.insertTaskTemplate(tx, { teamId: teamUID, id, name: input.name!, ...columns });
        }
        await appendChange(tx, teamUID, {
          entity: 'task_template',
          op: templateId ? 'update' : 'create',
          ids: [id],
        });
      });
      return id;
    },

    async deleteTaskTemplate(member: TeamActor, templateId: string) {
      const { teamUID } = requirePermission(member, 'manage-setup', 'templates');
      await deleteTeamRow(databases, teamUID, taskTemplates, templateId, {
        entity: 'task_template',
        notFound: 'Task template not found.',
      });
    },

    /** The task a template makes when used today: its name, assignee, due day and time, reminder. */
    taskFromTemplate,

    /** A task for a contact from a template. */
    async createTaskFromTemplate(
      member: TeamActor,
      templateId: string,
      GTID: string | null,
      today = Date.now(),
    ) {
      const input = await taskFromTemplate(member, templateId, today);
      return tasks.createTask(member, { ...input, GTID });
    },
  };
}
