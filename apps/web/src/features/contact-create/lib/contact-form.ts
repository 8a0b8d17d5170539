import {
  emailSchema,
  personNameSchema,
  phoneSchema,
  readProfileAddress,
  type ProfileAddressReading,
  type SocialPlatform,
} from '@grouptrack/domain';
import { formatPlatformName } from '../../../lib/platform-names';

/** What the contact form holds, as typed. */
export interface ContactFormValues {
  name: string;
  /** A profile address, or a handle with `platform`. */
  profile: string;
  /** The platform of a handle typed alone; an address names its own. */
  platform: SocialPlatform | null;
  email: string;
  phone: string;
  pipelineId: string | null;
  stageId: string | null;
  tagIds: string[];
}

export type ContactFormField = keyof ContactFormValues;
export type ContactFormErrors = Partial<Record<ContactFormField, string>>;

/** What creating a contact by hand sends: capture's body, refusing anyone found again. */
export interface NewContactBody {
  name: string;
  emailAddress?: string;
  phoneNumber?: string;
  sources?: { platform: SocialPlatform; username?: string; profileId?: string; url: string }[];
  pipeline?: { pipelineId: string; stageId?: string };
  tagIds?: string[];
  createOnly: true;
}

/** The profile field read as the user types; null while it is empty. */
export function readProfileField(
  values: Pick<ContactFormValues, 'profile' | 'platform'>,
): ProfileAddressReading | null {
  return values.profile.trim() === '' ? null : readProfileAddress(values.profile, values.platform);
}

/** A line under the profile field saying what was read: "Instagram · @jane.doe". */
export function describeProfile(reading: ProfileAddressReading | null): string | null {
  if (!reading?.ok) return null;
  const { platform, username, profileId } = reading.profile;
  return `${formatPlatformName(platform)} · ${username ? `@${username}` : `profile ${profileId ?? ''}`}`;
}

/**
 * Checks every field and answers the body to send, or a message per bad field. A member works only
 * in their pipelines, so for them a pipeline is required.
 */
export function validateContactForm(
  values: ContactFormValues,
  options: { requiresPipeline: boolean },
): { ok: true; body: NewContactBody } | { ok: false; errors: ContactFormErrors } {
  const errors: ContactFormErrors = {};
  const name = personNameSchema.safeParse(values.name);
  if (!name.success) errors.name = name.error.issues[0]?.message;
  const email = values.email.trim() === '' ? null : emailSchema.safeParse(values.email);
  if (email && !email.success) errors.email = email.error.issues[0]?.message;
  const phone = values.phone.trim() === '' ? null : phoneSchema.safeParse(values.phone);
  if (phone && !phone.success) errors.phone = phone.error.issues[0]?.message;
  const profile = readProfileField(values);
  if (profile && !profile.ok) {
    if (profile.problem === 'needs-platform') errors.platform = profile.message;
    else errors.profile = profile.message;
  }
  if (!values.pipelineId && options.requiresPipeline)
    errors.pipelineId = 'Choose a pipeline for this contact.';
  if (!name.success || Object.keys(errors).length > 0) return { ok: false, errors };

  const body: NewContactBody = { name: name.data, createOnly: true };
  if (email?.success) body.emailAddress = email.data;
  if (phone?.success) body.phoneNumber = phone.data;
  if (profile?.ok) {
    const { platform, username, profileId, url } = profile.profile;
    body.sources = [
      { platform, url, ...(username !== null && { username }), ...(profileId !== null && { profileId }) },
    ];
  }
  if (values.pipelineId) {
    body.pipeline = { pipelineId: values.pipelineId, ...(values.stageId && { stageId: values.stageId }) };
    if (values.tagIds.length > 0) body.tagIds = values.tagIds;
  }
  return { ok: true, body };
}

/**
 * What to ask the server about who already looks like this person: only what is complete enough
 * to match (a name of two letters or more, a readable profile, a valid email, a phone number).
 */
export function matchQueryOf(values: ContactFormValues): Record<string, string> | null {
  const query: Record<string, string> = {};
  const name = values.name.trim().replace(/\s+/g, ' ');
  if (name.length >= 2 && name.length <= 100) query.name = name;
  const profile = readProfileField(values);
  if (profile?.ok) {
    query.profile = profile.profile.url;
  }
  const email = values.email.trim() === '' ? null : emailSchema.safeParse(values.email);
  if (email?.success) query.email = email.data;
  const phone = values.phone.trim();
  if (/\d{5,}/.test(phone.replace(/\D/g, '')) && phone.length <= 40) query.phone = phone;
  return Object.keys(query).length > 0 ? query : null;
}

const SERVER_FIELDS: [RegExp, ContactFormField][] = [
  [/^Invalid body\.(name|firstName|lastName)\b/, 'name'],
  [/^Invalid body\.emailAddress\b/, 'email'],
  [/^Invalid body\.phoneNumber\b/, 'phone'],
  [/^Invalid (body\.)?sources\b/, 'profile'],
  [/^Invalid (body\.pipeline\.)?stageId\b/, 'stageId'],
  [/^Invalid (body\.)?pipeline\b/, 'pipelineId'],
  [/^Invalid (body\.)?tagIds\b/, 'tagIds'],
];

/** The field a server's 400 names ("Invalid body.emailAddress: …"), so its message shows there. */
export function fieldOfServerMessage(message: string): ContactFormField | null {
  return SERVER_FIELDS.find(([pattern]) => pattern.test(message))?.[1] ?? null;
}
