import { sql } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { selectRows, textArray } from '../../platform/db/raw';
import type { LeadData, LeadTask, PipelineData } from '../../integrations/adapter';

/** How many of a person's latest notes and tasks a delivery carries. */
const NOTES_CARRIED = 5;
const TASKS_CARRIED = 50;

/** What a delivery needs of a person beside its changes: who they are, and their stage. */
export interface LeadSnapshot {
  lead: LeadData;
  /** Their stage in the delivery's pipeline; null when they are not (or no longer) in it. */
  stage: PipelineData['stage'];
}

/**
 * The people of a batch of deliveries as they are now, in one query per table whatever the batch's
 * size (10,000 webhooks are 50 batches, not 10,000 round trips). `wanted` names, per delivery, the
 * person, the connection (for the ids it gave them) and the pipeline to describe.
 */
export async function loadLeadSnapshots(
  db: TeamDb,
  teamId: string,
  wanted: { key: string; contactId: string; connectionId: string; pipelineId: string | null }[],
  memberNames: Map<string, string>,
): Promise<Map<string, LeadSnapshot>> {
  const contactIds = [...new Set(wanted.map((row) => row.contactId))];
  const ids = textArray(contactIds);
  const [people, sources, placements, tagRows, taskRows, noteRows, remoteRows] = await Promise.all([
    selectRows<{
      id: string;
      name: string;
      first_name: string;
      last_name: string;
      email_address: string | null;
      phone_number: string | null;
      deleted_at: string | null;
    }>(
      db,
      sql`select id, name, first_name, last_name, email_address, phone_number, deleted_at
        from contacts where team_id = ${teamId} and id = any(${ids})`,
    ),
    selectRows<{
      contact_id: string;
      platform: string;
      username: string | null;
      profile_id: string | null;
      url: string | null;
    }>(
      db,
      sql`select contact_id, platform, username, profile_id, url from contact_sources
        where team_id = ${teamId} and contact_id = any(${ids}) order by contact_id, platform`,
    ),
    // A deleted person's places were kept apart; their last ones still name the stage.
    selectRows<{
      contact_id: string;
      pipeline_id: string;
      stage_id: string;
      stage_name: string;
      stage_remote_id: string | null;
      questions: { question: string; answer: string }[];
    }>(
      db,
      sql`select cp.contact_id, cp.pipeline_id, cp.stage_id,
          s.name as stage_name, s.remote_id as stage_remote_id, cp.questions
        from (select contact_id, pipeline_id, stage_id, questions from contact_pipelines
                where team_id = ${teamId} and contact_id = any(${ids})
              union all
              select contact_id, pipeline_id, stage_id, questions from deleted_contact_pipelines
                where team_id = ${teamId} and contact_id = any(${ids})) cp
        join stages s on s.team_id = ${teamId} and s.id = cp.stage_id`,
    ),
    selectRows<{
      contact_id: string;
      tag: string;
      tag_set_name: string;
      pipeline_id: string | null;
      connection_id: string | null;
      remote_id: string | null;
    }>(
      db,
      sql`select ct.contact_id, t.name as tag, ts.name as tag_set_name, ts.pipeline_id, ts.connection_id, t.remote_id
        from contact_tags ct
        join tags t on t.team_id = ct.team_id and t.id = ct.tag_id
        join tag_sets ts on ts.team_id = t.team_id and ts.id = t.tag_set_id
        where ct.team_id = ${teamId} and ct.contact_id = any(${ids})
        order by ct.contact_id, ts.rank, t.name`,
    ),
    selectRows<{
      contact_id: string;
      task_name: string;
      assignee_uid: string;
      created_by_uid: string;
      status: string;
      due_at: Date | string;
      reminder: string;
      created_at: Date | string;
    }>(
      db,
      sql`select contact_id, task_name, assignee_uid, created_by_uid, status, due_at, reminder, created_at from (
          select t.*, row_number() over (partition by contact_id order by due_at desc) as n
          from tasks t where team_id = ${teamId} and contact_id = any(${ids}) and deleted_at is null
        ) recent where n <= ${TASKS_CARRIED} order by contact_id, due_at`,
    ),
    selectRows<{ contact_id: string; text: string; created_at: Date | string }>(
      db,
      sql`select contact_id, text, created_at from (
          select contact_id, text, created_at, row_number() over (partition by contact_id order by created_at desc) as n
          from notes where team_id = ${teamId} and contact_id = any(${ids})
        ) recent where n <= ${NOTES_CARRIED} order by contact_id, created_at desc`,
    ),
    selectRows<{
      contact_id: string;
      connection_id: string;
      remote_id: string | null;
      remote_item_id: string | null;
    }>(
      db,
      sql`select contact_id, connection_id, remote_id, remote_item_id from contact_remote_ids
        where team_id = ${teamId} and contact_id = any(${ids})`,
    ),
  ]);
  const group = <T extends { contact_id: string }>(rows: T[]) => {
    const byContact = new Map<string, T[]>();
    for (const row of rows) byContact.set(row.contact_id, [...(byContact.get(row.contact_id) ?? []), row]);
    return byContact;
  };
  const sourcesOf = group(sources);
  const placementsOf = group(placements);
  const tagsOf = group(tagRows);
  const tasksOf = group(taskRows);
  const notesOf = group(noteRows);
  const remoteOf = new Map(remoteRows.map((row) => [`${row.contact_id}\u0000${row.connection_id}`, row]));
  const peopleById = new Map(people.map((row) => [row.id, row]));

  const snapshots = new Map<string, LeadSnapshot>();
  for (const want of wanted) {
    const person = peopleById.get(want.contactId);
    if (!person) continue;
    const placed = placementsOf.get(want.contactId) ?? [];
    const place = placed.find((row) => row.pipeline_id === want.pipelineId) ?? null;
    const remote = remoteOf.get(`${want.contactId}\u0000${want.connectionId}`);
    const personTags = (tagsOf.get(want.contactId) ?? []).filter(
      (row) => row.pipeline_id === null || row.pipeline_id === want.pipelineId,
    );
    const personSources = sourcesOf.get(want.contactId) ?? [];
    snapshots.set(want.key, {
      lead: {
        GTID: person.id,
        remoteContactID: remote?.remote_id ?? null,
        remoteContactPipelineID: remote?.remote_item_id ?? null,
        fullName: person.name,
        firstName: person.first_name,
        lastName: person.last_name,
        emailAddress: person.email_address,
        oldEmailAddress: null,
        phoneNumber: person.phone_number,
        usernames: Object.fromEntries(
          personSources.flatMap((row) => {
            const handle = row.username ?? row.url;
            return handle ? [[row.platform, handle]] : [];
          }),
        ),
        profileID: personSources.find((row) => row.profile_id)?.profile_id ?? null,
        globalTags: personTags.filter((row) => row.pipeline_id === null).map((row) => row.tag),
        tags: personTags.map((row) => ({
          tagSetName: row.tag_set_name,
          tag: row.tag,
          remoteID: row.connection_id === want.connectionId ? row.remote_id : null,
        })),
        tasks: (tasksOf.get(want.contactId) ?? []).map((row): LeadTask => ({
          taskName: row.task_name,
          assignedTo: memberNames.get(row.assignee_uid) ?? '',
          assignedToUID: row.assignee_uid,
          createdBy: memberNames.get(row.created_by_uid) ?? '',
          isComplete: row.status === 'completed',
          notificationDate: new Date(row.due_at).toISOString(),
          notificationType: row.reminder,
          setTime: new Date(row.created_at).toISOString(),
        })),
        notes: (notesOf.get(want.contactId) ?? []).map((row) => ({
          text: row.text,
          createdAt: new Date(row.created_at).toISOString(),
        })),
        questions: place?.questions ?? [],
        deleted: person.deleted_at !== null,
      },
      stage: place ? { id: place.stage_id, name: place.stage_name, remoteID: place.stage_remote_id } : null,
    });
  }
  return snapshots;
}
