import { z } from 'zod';
import { SOCIAL_PLATFORMS, type SocialPlatform } from './constants';
import { CONTACT_CSV_COLUMNS, parseTagCell } from './contact-csv';
import { restoreFormula } from './csv';
import { NAME_MAX_LENGTH, emailSchema, isWebAddress, normalizePhone } from './forms';

/** What a CSV column can fill in a contact. */
export type CsvField =
  | 'GTID'
  | 'firstName'
  | 'middleName'
  | 'lastName'
  | 'name'
  | 'organization'
  | 'emailAddress'
  | 'phoneNumber'
  | 'photoURL'
  | `${SocialPlatform}.url`
  | `${SocialPlatform}.profileId`
  | `${SocialPlatform}.username`
  | 'globalTags'
  | 'pipeline'
  | 'stage'
  | 'pipelineTags'
  | 'questions'
  | `question.${number}`
  | `answer.${number}`
  | 'createdAt'
  | 'ignore';

/** Every field a column can be mapped to, for the mapping step of the import. */
export const CSV_FIELDS: readonly CsvField[] = [
  'GTID',
  'firstName',
  'middleName',
  'lastName',
  'name',
  'organization',
  'emailAddress',
  'phoneNumber',
  'photoURL',
  ...SOCIAL_PLATFORMS.flatMap(
    (platform) => [`${platform}.url`, `${platform}.profileId`, `${platform}.username`] as const,
  ),
  'globalTags',
  'pipeline',
  'stage',
  'pipelineTags',
  'questions',
  'createdAt',
  'ignore',
];

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Headers of common exports (ours, Facebook group tools, Google Contacts, HubSpot) and what they mean. */
const KNOWN_HEADERS: Record<string, CsvField> = {
  gtid: 'GTID',
  firstname: 'firstName',
  givenname: 'firstName',
  middlename: 'middleName',
  // Google Contacts' older export calls the middle name so.
  additionalname: 'middleName',
  lastname: 'lastName',
  familyname: 'lastName',
  surname: 'lastName',
  fullname: 'name',
  name: 'name',
  displayname: 'name',
  // Google Contacts: "Organization Name" today, "Organization 1 - Name" in the older export.
  organizationname: 'organization',
  organization1name: 'organization',
  organisation: 'organization',
  organization: 'organization',
  company: 'organization',
  companyname: 'organization',
  associatedcompany: 'organization',
  email: 'emailAddress',
  emailaddress: 'emailAddress',
  email1value: 'emailAddress',
  emailvalue: 'emailAddress',
  phone: 'phoneNumber',
  phonenumber: 'phoneNumber',
  mobilephonenumber: 'phoneNumber',
  mobile: 'phoneNumber',
  phone1value: 'phoneNumber',
  photourl: 'photoURL',
  photo: 'photoURL',
  profilepicture: 'photoURL',
  facebookprofile: 'facebook.url',
  profileurl: 'facebook.url',
  profilelink: 'facebook.url',
  facebookid: 'facebook.profileId',
  userid: 'facebook.profileId',
  globaltags: 'globalTags',
  tags: 'globalTags',
  labels: 'globalTags',
  // Google Contacts' older export: its labels, "* myContacts ::: Friends".
  groupmembership: 'globalTags',
  pipeline: 'pipeline',
  stage: 'stage',
  lifecyclestage: 'stage',
  leadstatus: 'stage',
  pipelinetags: 'pipelineTags',
  questions: 'questions',
  createdat: 'createdAt',
  // HubSpot.
  createdate: 'createdAt',
};

for (const platform of SOCIAL_PLATFORMS) {
  KNOWN_HEADERS[normalise(`${platform} URL`)] = `${platform}.url`;
  KNOWN_HEADERS[normalise(`${platform} Profile ID`)] = `${platform}.profileId`;
  KNOWN_HEADERS[normalise(`${platform} Username`)] = `${platform}.username`;
}

/**
 * A suggested field for each header, in order; unknown headers are 'ignore'. "Question 2" and
 * "Answer 2" pair up into membership answers.
 */
export function suggestCsvMapping(headers: readonly string[]): CsvField[] {
  const taken = new Set<CsvField>();
  return headers.map((header) => {
    const key = normalise(header);
    const numbered = /^(question|answer|q|a)(\d+)$/.exec(key);
    if (numbered) {
      const field: CsvField = `${numbered[1]!.startsWith('q') ? 'question' : 'answer'}.${Number(numbered[2])}`;
      return field;
    }
    const field = KNOWN_HEADERS[key];
    // A second column for the same field (e.g. "E-mail 2 - Value") is left for the user to choose.
    if (!field || taken.has(field)) return 'ignore';
    taken.add(field);
    return field;
  });
}

/** Whether the headers are those of GroupTrack's own export. */
export function isGroupTrackExport(headers: readonly string[]): boolean {
  return CONTACT_CSV_COLUMNS.every((column, index) => headers[index] === column);
}

/** One CSV row read as a contact, before it is matched with those already stored. */
export interface ImportCandidate {
  GTID?: string;
  firstName?: string;
  lastName?: string;
  name?: string;
  emailAddress?: string;
  phoneNumber?: string;
  photoURL?: string;
  sources: { platform: SocialPlatform; profileId?: string; username?: string; url?: string }[];
  globalTags: { tagSetName: string; tagName: string }[];
  pipelineName?: string;
  stageName?: string;
  pipelineTags: { tagSetName: string; tagName: string }[];
  questions: { question: string; answer: string }[];
  /** When the person was added, as an ISO timestamp. */
  createdAt?: string;
  /** What the row holds beyond one email and one phone, kept as a note on the contact. */
  note?: string;
}

/** The tag set that tags without a "Set:" prefix land in. */
export const IMPORTED_TAG_SET = 'Imported';

/**
 * Google Contacts puts several values in one cell, "a@x.com ::: b@y.com"; the first is the main one.
 */
export function splitMultiValueCell(cell: string): string[] {
  return cell
    .split(':::')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * A date as exports write it, as an ISO timestamp; undefined when it is no date. HubSpot writes
 * "2024-03-12 09:14" without a zone: read as UTC, so an import means the same on every server.
 */
export function parseCsvDate(value: string): string | undefined {
  const plain = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?$/.exec(value.trim());
  const time = plain
    ? Date.parse(`${plain[1]}T${(plain[2] ?? '00:00').replace(/^\d:/, '0$&')}Z`)
    : Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** The note that keeps a row's further emails and phones. */
function extraValuesNote(extra: { label: string; value: string }[]): string | undefined {
  if (extra.length === 0) return undefined;
  return ['Also in the imported file:', ...extra.map((item) => `${item.label}: ${item.value}`)].join('\n');
}

/**
 * Reads one row with a mapping; refuses it with a reason a user can act on when a value is
 * invalid or nothing identifies the person. A cell our export neutralised against formulas reads
 * back as it was; a cell holding several values keeps the first and notes the others; a row with
 * only an organisation is named after it.
 */
export function mapCsvRow(
  values: readonly string[],
  mapping: readonly CsvField[],
): { ok: true; candidate: ImportCandidate } | { ok: false; reason: string } {
  const candidate: ImportCandidate = { sources: [], globalTags: [], pipelineTags: [], questions: [] };
  const extra: { label: string; value: string }[] = [];
  let middleName: string | undefined;
  let organization: string | undefined;
  const numbered = new Map<number, { question?: string; answer?: string }>();
  const source = (platform: SocialPlatform) => {
    let found = candidate.sources.find((item) => item.platform === platform);
    if (!found) {
      found = { platform };
      candidate.sources.push(found);
    }
    return found;
  };
  for (const [index, field] of mapping.entries()) {
    const value = restoreFormula(values[index] ?? '').trim();
    if (value === '' || field === 'ignore') continue;
    const [head, tail] = field.split('.') as [string, string | undefined];
    if (tail !== undefined && (SOCIAL_PLATFORMS as readonly string[]).includes(head)) {
      if (tail === 'url') {
        const url = readWebAddress(value);
        if (!url) return refuseAddress(`${head.charAt(0).toUpperCase()}${head.slice(1)} URL`, value);
        source(head as SocialPlatform).url = url;
      } else {
        source(head as SocialPlatform)[tail as 'profileId' | 'username'] = value;
      }
      continue;
    }
    if (head === 'question' || head === 'answer') {
      const entry = numbered.get(Number(tail)) ?? {};
      entry[head] = value;
      numbered.set(Number(tail), entry);
      continue;
    }
    if (field === 'emailAddress') {
      const [first = '', ...others] = splitMultiValueCell(value);
      const email = emailSchema.safeParse(first);
      if (!email.success) return { ok: false, reason: `Email "${first}" is not a valid address.` };
      candidate.emailAddress = email.data;
      extra.push(...others.map((other) => ({ label: 'Email', value: other })));
    } else if (field === 'phoneNumber') {
      const [first = '', ...others] = splitMultiValueCell(value);
      candidate.phoneNumber = normalizePhone(first);
      extra.push(...others.map((other) => ({ label: 'Phone', value: normalizePhone(other) })));
    } else if (field === 'middleName') {
      middleName = value;
    } else if (field === 'organization') {
      organization = value;
    } else if (field === 'createdAt') {
      // An unreadable date is left out: the contact is then dated by the import.
      const date = parseCsvDate(value);
      if (date) candidate.createdAt = date;
    } else if (field === 'globalTags' || field === 'pipelineTags') {
      candidate[field] = parseTagCell(value, IMPORTED_TAG_SET);
    } else if (field === 'pipeline') {
      candidate.pipelineName = value;
    } else if (field === 'stage') {
      candidate.stageName = value;
    } else if (field === 'questions') {
      const parsed = questionsSchema.safeParse(safeJson(value));
      if (!parsed.success)
        return {
          ok: false,
          reason: 'Questions must be a list of {"question", "answer"} as our export writes it.',
        };
      candidate.questions = parsed.data;
    } else if (field === 'photoURL') {
      const url = readWebAddress(value);
      if (!url) return refuseAddress('Photo URL', value);
      candidate.photoURL = url;
    } else if (field === 'GTID' || field === 'firstName' || field === 'lastName' || field === 'name') {
      candidate[field] = value;
    }
  }
  for (const [, entry] of [...numbered].sort(([a], [b]) => a - b)) {
    if (entry.question || entry.answer)
      candidate.questions.push({ question: entry.question ?? '', answer: entry.answer ?? '' });
  }
  if (!candidate.name) {
    const parts = [candidate.firstName, middleName, candidate.lastName].filter(Boolean);
    // A full name is written only when first and last name alone would lose the middle one.
    if (middleName) candidate.name = parts.join(' ');
    else if (parts.length === 0 && organization) candidate.name = organization;
  }
  const note = extraValuesNote(extra);
  if (note) candidate.note = note;
  for (const key of ['firstName', 'lastName', 'name'] as const) {
    if ((candidate[key]?.length ?? 0) > NAME_MAX_LENGTH) {
      return {
        ok: false,
        reason: `The ${key === 'name' ? 'name' : key === 'firstName' ? 'first name' : 'last name'} is longer than ${NAME_MAX_LENGTH} characters.`,
      };
    }
  }
  const identified =
    candidate.GTID ||
    candidate.name ||
    candidate.firstName ||
    candidate.lastName ||
    candidate.emailAddress ||
    candidate.phoneNumber;
  if (!identified && !candidate.sources.some((item) => item.profileId || item.username || item.url)) {
    return { ok: false, reason: 'Nothing identifies this person: no name, email, phone or profile.' };
  }
  return { ok: true, candidate };
}

/**
 * A cell read as a web address: as written when it has its http or https scheme, with https://
 * when it has none (www.facebook.com/jane); null for anything else, such as javascript: or data:,
 * which every viewer's browser would run.
 */
function readWebAddress(value: string): string | null {
  const address = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  return isWebAddress(address) ? address : null;
}

function refuseAddress(column: string, value: string) {
  const shown = value.length > 60 ? `${value.slice(0, 60)}…` : value;
  return {
    ok: false as const,
    reason: `${column} "${shown}" is not a web address starting with http:// or https://.`,
  };
}

const questionsSchema = z.array(z.object({ question: z.string(), answer: z.string() }));

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
