import { CSV_FIELDS, type CsvField } from '@grouptrack/domain';

const FIELD_LABELS: Partial<Record<CsvField, string>> = {
  GTID: 'GTID',
  firstName: 'First name',
  middleName: 'Middle name',
  lastName: 'Last name',
  name: 'Full name',
  organization: 'Organization (the name when there is none)',
  emailAddress: 'Email',
  phoneNumber: 'Phone',
  photoURL: 'Photo URL',
  globalTags: 'Global tags',
  pipeline: 'Pipeline',
  stage: 'Stage',
  pipelineTags: 'Pipeline tags',
  questions: 'Questions (JSON)',
  createdAt: 'Created at',
  note: 'Notes (the first note)',
  ignore: 'Do not import',
};

/** What a field is called in the mapping step. */
export function formatFieldLabel(field: string): string {
  const known = FIELD_LABELS[field as CsvField];
  if (known) return known;
  const [platform, part] = field.split('.');
  if (platform === 'question' || platform === 'answer')
    return `${platform === 'question' ? 'Question' : 'Answer'} ${part}`;
  const partLabel = part === 'url' ? 'URL' : part === 'profileId' ? 'profile ID' : 'username';
  return `${platform!.charAt(0).toUpperCase()}${platform!.slice(1)} ${partLabel}`;
}

/** The highest question or answer number a mapping uses. */
function lastPairOf(mapping: readonly CsvField[]): number {
  return Math.max(0, ...mapping.map((field) => Number(/^(?:question|answer)\.(\d+)$/.exec(field)?.[1] ?? 0)));
}

/**
 * The fields a column can take: the contact's, then the question and answer pairs in use and one
 * more, so a file's next pair can be mapped without a list of a hundred.
 */
export function listFieldOptions(mapping: readonly CsvField[]) {
  const pairs = Array.from({ length: lastPairOf(mapping) + 1 }, (_, index) => index + 1);
  return [
    {
      group: 'Contact',
      items: CSV_FIELDS.map((field) => ({ value: field, label: formatFieldLabel(field) })),
    },
    {
      group: 'Questions and answers',
      items: pairs.flatMap((pair) =>
        (['question', 'answer'] as const).map((kind) => ({
          value: `${kind}.${pair}`,
          label: formatFieldLabel(`${kind}.${pair}`),
        })),
      ),
    },
  ];
}
