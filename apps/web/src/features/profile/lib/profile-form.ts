import { formatAvatarUrl } from '@grouptrack/domain';
import type { FieldSchema } from '../../../lib/validate';

const PHOTO_URL_MAX_LENGTH = 2048;

/** A photo address: empty for the generated avatar (null), else an http(s) address of at most 2048 characters. */
export const photoUrlSchema: FieldSchema<string | null> = {
  safeParse: (value) => {
    const typed = typeof value === 'string' ? value.trim() : '';
    if (typed === '') return { success: true, data: null };
    if (typed.length > PHOTO_URL_MAX_LENGTH) {
      return fail(`A photo address can be at most ${PHOTO_URL_MAX_LENGTH} characters.`);
    }
    const url = URL.canParse(typed) ? new URL(typed) : null;
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      return fail('Enter a web address that starts with https://, or leave it empty.');
    }
    return { success: true, data: typed };
  },
};

/** The photo address to show in the form: empty when the user has only the generated avatar. */
export function readPhotoUrlField(photoURL: string | null | undefined): string {
  return photoURL && !photoURL.startsWith('data:') ? photoURL : '';
}

/** The avatar the form previews for what is typed, falling back to the generated one while it is not an address. */
export function formatAvatarPreview(input: { photoURL: string; name: string; email: string }): string {
  const parsed = photoUrlSchema.safeParse(input.photoURL);
  return formatAvatarUrl({
    photoURL: parsed.success ? parsed.data : null,
    name: input.name,
    email: input.email,
  });
}

function fail(message: string) {
  return { success: false as const, error: { issues: [{ message }] } };
}
