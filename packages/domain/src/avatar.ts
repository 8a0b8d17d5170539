import { pickReadableFontColor } from './colors';
import { AVATAR_SIZE_DEFAULT } from './constants';
import { hashFnv1a32 } from './hash';

/** Background colours of fallback avatars, all readable with black or white initials. */
export const AVATAR_COLORS: readonly string[] = [
  '#1C7EBB',
  '#2E7D32',
  '#6A1B9A',
  '#C62828',
  '#EF6C00',
  '#00838F',
  '#AD1457',
  '#4E342E',
  '#283593',
  '#558B2F',
  '#F9A825',
  '#37474F',
];

/** Input of formatAvatarUrl. */
export interface AvatarInput {
  photoURL?: string | null;
  email?: string | null;
  name?: string | null;
  size?: number;
}

/** Formats a user's avatar URL: their photo when set, else an SVG data URL of their initials on a colour picked from their email. */
export function formatAvatarUrl({ photoURL, email, name, size = AVATAR_SIZE_DEFAULT }: AvatarInput): string {
  if (photoURL && photoURL.trim() !== '') {
    return photoURL.trim();
  }
  const pixels = Number.isFinite(size) && size > 0 ? Math.round(size) : AVATAR_SIZE_DEFAULT;
  const seed = (email ?? '').trim().toLowerCase() || (name ?? '').trim().toLowerCase();
  const background = AVATAR_COLORS[hashFnv1a32(seed) % AVATAR_COLORS.length] ?? '#1C7EBB';
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" viewBox="0 0 100 100">`,
    `<circle cx="50" cy="50" r="50" fill="${background}"/>`,
    `<text x="50" y="50" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif"`,
    ` font-size="40" font-weight="600" fill="${pickReadableFontColor(background)}">`,
    escapeXml(formatInitials(name, email)),
    '</text></svg>',
  ].join('');
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Formats up to two initials from a name (first and last word), else from an email, else '?'. */
export function formatInitials(name?: string | null, email?: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  if (first) {
    return (takeFirstChar(first) + (last ? takeFirstChar(last) : '')).toUpperCase();
  }
  const local = (email ?? '').trim().split('@')[0] ?? '';
  return local === '' ? '?' : takeFirstChar(local).toUpperCase();
}

// Array.from splits by code point, so an accented or emoji first letter is not cut in half.
function takeFirstChar(word: string): string {
  return Array.from(word)[0] ?? '';
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
