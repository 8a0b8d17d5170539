import { emailSchema, phoneSchema } from '@grouptrack/domain';

/** A contact field editable in place. */
export type ContactField = 'firstName' | 'lastName' | 'emailAddress' | 'phoneNumber';

const NAME_MAX_LENGTH = 100;

/** Reads what the user typed into a contact field: the value to send, or what is wrong with it. */
export function readContactField({
  field,
  input,
}: {
  field: ContactField;
  input: string;
}): { ok: true; value: string | null } | { ok: false; error: string } {
  const trimmed = input.trim();
  switch (field) {
    case 'firstName':
    case 'lastName':
      if (trimmed.length > NAME_MAX_LENGTH)
        return { ok: false, error: `A name can be at most ${NAME_MAX_LENGTH} characters.` };
      return { ok: true, value: trimmed };
    case 'emailAddress': {
      if (!trimmed) return { ok: true, value: null };
      const result = emailSchema.safeParse(trimmed);
      return result.success
        ? { ok: true, value: result.data }
        : { ok: false, error: result.error.issues[0]?.message ?? 'Enter a valid email address.' };
    }
    case 'phoneNumber': {
      if (!trimmed) return { ok: true, value: null };
      if (!/\d/.test(trimmed)) return { ok: false, error: 'Enter a phone number with digits.' };
      const result = phoneSchema.safeParse(trimmed);
      return result.success
        ? { ok: true, value: result.data }
        : { ok: false, error: result.error.issues[0]?.message ?? 'Enter a valid phone number.' };
    }
  }
}

/** The contact's name to show: first and last, else the full name, else a placeholder. */
export function formatContactName(contact: {
  firstName: string | null;
  lastName: string | null;
  name: string | null;
}): string {
  const joined = [contact.firstName, contact.lastName].filter(Boolean).join(' ').trim();
  return joined || contact.name?.trim() || 'Unnamed contact';
}
