import { z } from 'zod';
import { SOCIAL_PLATFORMS, type SocialPlatform } from './constants';
import { CONTACT_CSV_COLUMNS, parseTagCell } from './contact-csv';
import { restoreFormula } from './csv';
import { parseCsvDate, type DateOrder } from './csv-dates';
import { NAME_MAX_LENGTH, emailSchema, isWebAddress, phoneSchema } from './forms';

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
  | 'note'
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
  'note',
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
  // Google Contacts and most CRMs keep free text about the person in a Notes column.
  notes: 'note',
  note: 'note',
  comments: 'note',
  comment: 'note',
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
  /** Notes for the contact: the Notes column first, then what the row holds beyond one email and one phone. */
  notes: string[];
}

/** A cell an import could not use: it is left empty (or out), the row is kept, and the report says why. */
export interface CellWarning {
  /** The column's index in the row. */
  column: number;
  /** The cell as the file holds it. */
  value: string;
  /** Why, and what became of the cell: 'not an email address; left empty'. */
  reason: string;
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

/** The note that keeps a row's further emails and phones. */
function extraValuesNote(extra: { label: string; value: string }[]): string | undefined {
  if (extra.length === 0) return undefined;
  return ['Also in the imported file:', ...extra.map((item) => `${item.label}: ${item.value}`)].join('\n');
}

const LEFT_EMPTY = 'left empty';
const NOT_A_WEB_ADDRESS = 'not a web address starting with http:// or https://';

/** A phone cell with no digit at all ("none", "ask me") is a placeholder, not a number. */
function readPhone(value: string): string | null {
  if (!/\d/.test(value)) return null;
  const phone = phoneSchema.safeParse(value);
  return phone.success ? phone.data : null;
}

/** What reading one row needs beyond its cells and the mapping. */
export interface MapCsvRowOptions {
  /** The file's header row: an answer column without a question column takes its header as the question. */
  headers?: readonly string[];
  /** How numeric dates are read (03/04/2024); month first unless the user chose otherwise. */
  dateOrder?: DateOrder | undefined;
}

/** One row read: the candidate, or why the row is refused; the cells left empty either way. */
export type MappedCsvRow =
  | { ok: true; candidate: ImportCandidate; warnings: CellWarning[] }
  | { ok: false; reason: string; warnings: CellWarning[] };

/**
 * Reads one row with a mapping. A cell that cannot be used (an email that is no address, a phone
 * without digits, a web address a browser would run, an unreadable date, a name over the limit) is
 * left empty with a warning and the rest of the row is kept; the row is refused only when nothing
 * identifies the person. A cell our export neutralised against formulas reads back as it was; a
 * cell holding several values keeps the first usable one and notes the others; a row with only an
 * organisation is named after it.
 */
export function mapCsvRow(
  values: readonly string[],
  mapping: readonly CsvField[],
  options: MapCsvRowOptions = {},
): MappedCsvRow {
  const candidate: ImportCandidate = {
    sources: [],
    globalTags: [],
    pipelineTags: [],
    questions: [],
    notes: [],
  };
  const warnings: CellWarning[] = [];
  const warn = (column: number, value: string, reason: string) => warnings.push({ column, value, reason });
  const extra: { label: string; value: string }[] = [];
  let middleName: string | undefined;
  let organization: string | undefined;
  const numbered = new Map<number, { question?: string; answer?: string; answerColumn?: number }>();
  const source = (platform: SocialPlatform) => {
    let found = candidate.sources.find((item) => item.platform === platform);
    if (!found) {
      found = { platform };
      candidate.sources.push(found);
    }
    return found;
  };
  /** Several values in one cell: the usable ones in order; each unusable one is warned of. */
  const readAll = (index: number, value: string, read: (part: string) => string | null, what: string) => {
    const parts = splitMultiValueCell(value);
    const usable: string[] = [];
    for (const part of parts) {
      const read_ = read(part);
      if (read_) usable.push(read_);
      else warn(index, part, `not ${what}; ${parts.length === 1 ? LEFT_EMPTY : 'left out'}`);
    }
    return usable;
  };
  for (const [index, field] of mapping.entries()) {
    const value = restoreFormula(values[index] ?? '').trim();
    if (value === '' || field === 'ignore') continue;
    const [head, tail] = field.split('.') as [string, string | undefined];
    if (tail !== undefined && (SOCIAL_PLATFORMS as readonly string[]).includes(head)) {
      if (tail === 'url') {
        const url = readWebAddress(value);
        if (url) source(head as SocialPlatform).url = url;
        else warn(index, value, `${NOT_A_WEB_ADDRESS}; ${LEFT_EMPTY}`);
      } else {
        source(head as SocialPlatform)[tail as 'profileId' | 'username'] = value;
      }
      continue;
    }
    if (head === 'question' || head === 'answer') {
      const entry = numbered.get(Number(tail)) ?? {};
      entry[head] = value;
      if (head === 'answer') entry.answerColumn = index;
      numbered.set(Number(tail), entry);
      continue;
    }
    if (field === 'emailAddress') {
      const [first, ...others] = readAll(
        index,
        value,
        (part) => {
          const email = emailSchema.safeParse(part);
          return email.success ? email.data : null;
        },
        'an email address',
      );
      if (first) candidate.emailAddress = first;
      extra.push(...others.map((other) => ({ label: 'Email', value: other })));
    } else if (field === 'phoneNumber') {
      const [first, ...others] = readAll(index, value, readPhone, 'a phone number');
      if (first) candidate.phoneNumber = first;
      extra.push(...others.map((other) => ({ label: 'Phone', value: other })));
    } else if (field === 'middleName') {
      middleName = value;
    } else if (field === 'organization') {
      organization = value;
    } else if (field === 'createdAt') {
      const date = parseCsvDate(value, options.dateOrder);
      if (date) candidate.createdAt = date;
      else {
        const order = options.dateOrder ? ` read ${options.dateOrder.replace('-', ' ')}` : '';
        warn(index, value, `not a date${order}; dated by the import`);
      }
    } else if (field === 'globalTags' || field === 'pipelineTags') {
      candidate[field] = parseTagCell(value, IMPORTED_TAG_SET);
    } else if (field === 'pipeline') {
      candidate.pipelineName = value;
    } else if (field === 'stage') {
      candidate.stageName = value;
    } else if (field === 'note') {
      candidate.notes.push(value);
    } else if (field === 'questions') {
      const parsed = questionsSchema.safeParse(safeJson(value));
      if (parsed.success) candidate.questions = parsed.data;
      else warn(index, value, `not a list of {"question", "answer"} as our export writes it; ${LEFT_EMPTY}`);
    } else if (field === 'photoURL') {
      const url = readWebAddress(value);
      if (url) candidate.photoURL = url;
      else warn(index, value, `${NOT_A_WEB_ADDRESS}; ${LEFT_EMPTY}`);
    } else if (field === 'firstName' || field === 'lastName' || field === 'name') {
      if (value.length > NAME_MAX_LENGTH)
        warn(index, value, `longer than ${NAME_MAX_LENGTH} characters; ${LEFT_EMPTY}`);
      else candidate[field] = value;
    } else if (field === 'GTID') {
      candidate.GTID = value;
    }
  }
  for (const [, entry] of [...numbered].sort(([a], [b]) => a - b)) {
    // An answer column without its question column is asked by its header ("Where are you from?").
    const asked =
      entry.question ??
      (entry.answerColumn === undefined ? undefined : options.headers?.[entry.answerColumn]?.trim());
    if (entry.question || entry.answer)
      candidate.questions.push({ question: asked ?? '', answer: entry.answer ?? '' });
  }
  if (!candidate.name) {
    const parts = [candidate.firstName, middleName, candidate.lastName].filter(Boolean);
    // A full name is written only when first and last name alone would lose the middle one.
    if (middleName) candidate.name = parts.join(' ').slice(0, NAME_MAX_LENGTH);
    else if (parts.length === 0 && organization) candidate.name = organization.slice(0, NAME_MAX_LENGTH);
  }
  const note = extraValuesNote(extra);
  if (note) candidate.notes.push(note);
  if (!identifiesPerson(candidate)) {
    // The cells that could have named the person say why they could not.
    const unusable = warnings.map((item) => `"${shortened(item.value)}" is ${item.reason.split(';')[0]}`);
    return {
      ok: false,
      reason: [
        'Nothing identifies this person: no name, email, phone or profile.',
        ...(unusable.length > 0 ? [`${capitalise(unusable.join(', '))}.`] : []),
      ].join(' '),
      warnings,
    };
  }
  return { ok: true, candidate, warnings };
}

/** Whether a row read names someone: a GTID, a name, an email, a phone or a profile. */
export function identifiesPerson(candidate: ImportCandidate): boolean {
  return Boolean(
    candidate.GTID ||
    candidate.name ||
    candidate.firstName ||
    candidate.lastName ||
    candidate.emailAddress ||
    candidate.phoneNumber ||
    candidate.sources.some((item) => item.profileId || item.username || item.url),
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A cell as a report quotes it: at most 60 characters. */
function shortened(value: string): string {
  return value.length > 60 ? `${value.slice(0, 60)}…` : value;
}

/**
 * A warning as the import's report says it: 'Row 7, email "n/a": not an email address; left empty',
 * with the column's header as the file names it. Rows count the file's people from 1, as the
 * refused rows' report does.
 */
export function formatImportWarning(warning: {
  rowNumber: number;
  header: string;
  value: string;
  reason: string;
}): string {
  return `Row ${warning.rowNumber}, ${warning.header} "${shortened(warning.value)}": ${warning.reason}`;
}

/** A question and its answer as a mapping pairs them, by column index. */
export interface QuestionPair {
  pair: number;
  questionColumn: number | null;
  answerColumn: number | null;
}

/**
 * The question and answer pairs a mapping makes ("Question 2" with "Answer 2"), in pair order, so
 * the mapping step can show them side by side; an answer without a question column is asked by
 * its own header.
 */
export function listQuestionPairs(mapping: readonly CsvField[]): QuestionPair[] {
  const pairs = new Map<number, QuestionPair>();
  for (const [index, field] of mapping.entries()) {
    const match = /^(question|answer)\.(\d+)$/.exec(field);
    if (!match) continue;
    const pair = Number(match[2]);
    const entry = pairs.get(pair) ?? { pair, questionColumn: null, answerColumn: null };
    if (match[1] === 'question') entry.questionColumn ??= index;
    else entry.answerColumn ??= index;
    pairs.set(pair, entry);
  }
  return [...pairs.values()].sort((a, b) => a.pair - b.pair);
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

const questionsSchema = z.array(z.object({ question: z.string(), answer: z.string() }));

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
