import { NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { MemberRequestPacing } from '@grouptrack/domain';
import { keepEnterInField } from '../../../lib/validate';
import type { PacingFormErrors, PacingFormValues } from '../lib/pacing-form';

export interface PacingFieldsProps {
  values: PacingFormValues;
  errors: PacingFormErrors;
  canEdit: boolean;
  onChange: (values: PacingFormValues) => void;
}

const FIELDS: { field: keyof MemberRequestPacing; label: string; min: number; max: number }[] = [
  { field: 'minPauseSeconds', label: 'Pause between clicks: at least (seconds)', min: 1, max: 3600 },
  { field: 'maxPauseSeconds', label: 'Pause between clicks: at most (seconds)', min: 1, max: 3600 },
  { field: 'dailyCap', label: 'Daily cap', min: 1, max: 1000 },
  { field: 'pauseMinutesWhenBlocked', label: 'Pause after a blocked notice (minutes)', min: 1, max: 1440 },
];

/** The pace at which the extension carries out the rules' decisions on a group's page. */
export function PacingFields({ values, errors, canEdit, onChange }: PacingFieldsProps) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Pace
      </Title>
      <Text size="sm" c="dimmed">
        The extension approves and declines one request at a time, with a random pause in this range, up to
        the daily cap per group. The defaults follow what other tools for groups use.
      </Text>
      {canEdit ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FIELDS.map(({ field, label, min, max }) => (
            <NumberInput
              key={field}
              label={label}
              min={min}
              max={max}
              allowDecimal={false}
              allowNegative={false}
              value={values[field]}
              onChange={(value) => onChange({ ...values, [field]: value })}
              onKeyDown={keepEnterInField()}
              error={errors[field]}
            />
          ))}
        </SimpleGrid>
      ) : (
        <Text size="sm">
          A pause of {values.minPauseSeconds} to {values.maxPauseSeconds} seconds between clicks, at most{' '}
          {values.dailyCap} a day, and a pause of {values.pauseMinutesWhenBlocked} minutes after a blocked
          notice.
        </Text>
      )}
    </Stack>
  );
}
