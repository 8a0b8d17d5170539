import { changedFields } from '@grouptrack/domain';
import type { TeamDb } from '../../platform/db/databases';
import { BadRequestError, ConflictError } from '../../platform/errors';
import { findStatusLabel } from '../lists';
import type { TeamActor } from '../teams/teams.service';
import { canSeeContact, HiddenContactError } from './contact-changes';
import * as repo from './contacts.repository';

// Writing a contact's own fields and platform profiles, for capture and for edits alike.

export interface ContactFields {
  firstName?: string | undefined;
  lastName?: string | undefined;
  name?: string | undefined;
  emailAddress?: string | null | undefined;
  phoneNumber?: string | null | undefined;
  photoURL?: string | null | undefined;
}

/** A contact has one profile per platform: a platform given twice is refused, naming it. */
export function checkOnePerPlatform(sources: repo.SourceInput[] | undefined) {
  const platforms = (sources ?? []).map((source) => source.platform);
  const twice = platforms.find((platform, index) => platforms.indexOf(platform) !== index);
  if (twice) throw new BadRequestError(`Invalid sources: ${twice} is given twice; give each platform once.`);
}

/** The sources that would add or change something on the contact (a source fills only what it has). */
function changedSources(stored: repo.SourceRow[], sources: repo.SourceInput[]) {
  return sources.filter((source) => {
    const known = stored.find((row) => row.platform === source.platform);
    return (
      !known ||
      (!!source.profileId && source.profileId !== known.profileId) ||
      (!!source.username && source.username !== known.username) ||
      (!!source.url && source.url !== known.url)
    );
  });
}

/** The names a change gives: a full name is split, first and last names make the full one. */
function namesOf(fields: ContactFields) {
  const first = fields.firstName?.trim();
  const last = fields.lastName?.trim();
  if (fields.name !== undefined && first === undefined && last === undefined) {
    const [head = '', ...rest] = fields.name.trim().split(/\s+/);
    return { name: fields.name.trim(), firstName: head, lastName: rest.join(' ') };
  }
  if (first === undefined && last === undefined) return {};
  return {
    firstName: first ?? '',
    lastName: last ?? '',
    name: fields.name?.trim() || [first, last].filter(Boolean).join(' '),
  };
}

/** The contact's columns a change gives. */
export function columnsOf(fields: ContactFields) {
  return {
    ...namesOf(fields),
    ...(fields.emailAddress !== undefined && { emailAddress: fields.emailAddress }),
    ...(fields.phoneNumber !== undefined && { phoneNumber: fields.phoneNumber }),
    ...(fields.photoURL !== undefined && { photoUrl: fields.photoURL }),
  };
}

/** Keeps the contact's searchable handles (its usernames) in step with its sources. */
export async function refreshHandles(tx: TeamDb, teamId: string, contactId: string) {
  await repo.refreshHandlesOf(tx, teamId, [contactId]);
}

/** Writes the fields that differ from the stored contact; answers their names. */
export async function writeFields(tx: TeamDb, contact: repo.ContactRow, fields: ContactFields) {
  const changed = changedFields(contact, columnsOf(fields));
  if (changed) await repo.updateContact(tx, contact.teamId, contact.id, changed);
  return Object.keys(changed ?? {});
}

/**
 * Sets (a label id) or clears (null) the contact's status label; answers the history entry when it
 * changed, null when it was so already. A label of no such id is refused, naming it.
 */
export async function writeStatusLabel(
  tx: TeamDb,
  contact: repo.ContactRow,
  labelId: string | null | undefined,
) {
  if (labelId === undefined || labelId === contact.statusLabelId) return null;
  const label = labelId ? await findStatusLabel(tx, contact.teamId, labelId) : null;
  if (labelId && !label)
    throw new BadRequestError(`Invalid statusLabelId: ${labelId} is not a status label of this team.`);
  await repo.updateContact(tx, contact.teamId, contact.id, { statusLabelId: labelId });
  return label
    ? { type: 'status_label', action: 'set', data: { labelUID: label.id, label: label.display } }
    : { type: 'status_label', action: 'cleared', data: {} };
}

/**
 * Adds or completes the sources that change something; answers whether any did. A profile that is
 * already another contact's stays theirs: `onTaken` says what to do with it (skip it, or refuse).
 */
export async function writeSources(
  tx: TeamDb,
  member: TeamActor,
  contactId: string,
  sources: repo.SourceInput[],
  onTaken: 'skip' | 'refuse',
) {
  const teamId = member.teamUID;
  if (sources.length === 0) return false;
  let changed = changedSources(await repo.listSources(tx, teamId, contactId), sources);
  const taken = await repo.findSourceOwners(tx, teamId, contactId, changed);
  if (taken.length > 0 && onTaken === 'refuse') {
    const [first] = taken;
    const placements = await repo.listContactPipelines(tx, teamId, first!.contactId);
    if (
      !canSeeContact(
        member,
        placements.map((row) => row.pipelineId),
      )
    )
      throw new HiddenContactError();
    throw new ConflictError(
      `Invalid sources: this ${first!.platform} profile is already on another contact (${first!.contactId}); merge the two contacts instead.`,
    );
  }
  changed = changed.filter((source) => !taken.some((row) => row.platform === source.platform));
  if (changed.length === 0) return false;
  await repo.upsertSources(tx, teamId, contactId, changed);
  if (changed.some((source) => source.username)) await refreshHandles(tx, teamId, contactId);
  return true;
}
