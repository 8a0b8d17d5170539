import { z } from 'zod';
import { SOCIAL_PLATFORMS, type SocialPlatform } from './constants';
import { CONTACT_CSV_COLUMNS, parseTagCell } from './contact-csv';
import { NAME_MAX_LENGTH, emailSchema, normalizePhone } from './forms';

/** What a CSV column can fill in a contact. */
export type CsvField =
  | 'GTID'
  | 'firstName'
  | 'lastName'
  | 'name'
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
  'lastName',
  'name',
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
  lastname: 'lastName',
  familyname: 'lastName',
  surname: 'lastName',
  fullname: 'name',
  name: 'name',
  displayname: 'name',
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
  pipeline: 'pipeline',
  stage: 'stage',
  lifecyclestage: 'stage',
  leadstatus: 'stage',
  pipelinetags: 'pipelineTags',
  questions: 'questions',
  createdat: 'createdAt',
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
  createdAt?: string;
}

/** The tag set that tags without a "Set:" prefix land in. */
export const IMPORTED_TAG_SET = 'Imported';

/**
 * Reads one row with a mapping; refuses it with a reason a user can act on when a value is
 * invalid or nothing identifies the person.
 */
export function mapCsvRow(
  values: readonly string[],
  mapping: readonly CsvField[],
): { ok: true; candidate: ImportCandidate } | { ok: false; reason: string } {
  const candidate: ImportCandidate = { sources: [], globalTags: [], pipelineTags: [], questions: [] };
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
    const value = values[index]?.trim() ?? '';
    if (value === '' || field === 'ignore') continue;
    const [head, tail] = field.split('.') as [string, string | undefined];
    if (tail !== undefined && (SOCIAL_PLATFORMS as readonly string[]).includes(head)) {
      source(head as SocialPlatform)[tail as 'url' | 'profileId' | 'username'] = value;
      continue;
    }
    if (head === 'question' || head === 'answer') {
      const entry = numbered.get(Number(tail)) ?? {};
      entry[head] = value;
      numbered.set(Number(tail), entry);
      continue;
    }
    if (field === 'emailAddress') {
      const email = emailSchema.safeParse(value);
      if (!email.success) return { ok: false, reason: `Email "${value}" is not a valid address.` };
      candidate.emailAddress = email.data;
    } else if (field === 'phoneNumber') {
      candidate.phoneNumber = normalizePhone(value);
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
    } else if (
      field === 'GTID' ||
      field === 'firstName' ||
      field === 'lastName' ||
      field === 'name' ||
      field === 'photoURL' ||
      field === 'createdAt'
    ) {
      candidate[field] = value;
    }
  }
  for (const [, entry] of [...numbered].sort(([a], [b]) => a - b)) {
    if (entry.question || entry.answer)
      candidate.questions.push({ question: entry.question ?? '', answer: entry.answer ?? '' });
  }
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

const questionsSchema = z.array(z.object({ question: z.string(), answer: z.string() }));

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
