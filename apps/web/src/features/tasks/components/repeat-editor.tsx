import { Chip, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import type { RepeatForm } from '../lib/repeat';
import { WEEKDAYS } from '../lib/repeat';

const EVERY_OPTIONS = [
  { value: 'never', label: 'Does not repeat' },
  { value: 'day', label: 'Daily' },
  { value: 'week', label: 'Weekly' },
  { value: 'month', label: 'Monthly' },
];

const ENDS_OPTIONS = [
  { value: 'never', label: 'Never' },
  { value: 'until', label: 'On a date' },
  { value: 'count', label: 'After a number of times' },
];

const UNITS = { day: 'days', week: 'weeks', month: 'months' } as const;

export interface RepeatEditorProps {
  value: RepeatForm;
  onChange: (value: RepeatForm) => void;
  error: string | null;
}

/** How a task comes back when it is completed: every N days, weeks on weekdays, or months on a day. */
export function RepeatEditor({ value, onChange, error }: RepeatEditorProps) {
  const change = (patch: Partial<RepeatForm>) => onChange({ ...value, ...patch });
  return (
    <Stack gap="xs">
      <Select
        label="Repeat"
        data={EVERY_OPTIONS}
        value={value.every}
        onChange={(every) => change({ every: (every ?? 'never') as RepeatForm['every'] })}
        allowDeselect={false}
        error={value.every === 'never' ? null : error}
      />
      {value.every !== 'never' && (
        <>
          <Group align="flex-end" gap="sm">
            <NumberInput
              label="Every"
              value={value.interval}
              onChange={(interval) => change({ interval: typeof interval === 'number' ? interval : 0 })}
              min={1}
              max={{ day: 365, week: 52, month: 24 }[value.every]}
              allowDecimal={false}
              w={100}
            />
            <Text size="sm" pb={8}>
              {UNITS[value.every]}
            </Text>
            {value.every === 'month' && (
              <NumberInput
                label="On day"
                value={value.dayOfMonth}
                onChange={(day) => change({ dayOfMonth: typeof day === 'number' ? day : 0 })}
                min={1}
                max={31}
                allowDecimal={false}
                w={100}
              />
            )}
          </Group>
          {value.every === 'week' && (
            <Stack gap={4} role="group" aria-label="On these weekdays">
              <Text size="sm" fw={500}>
                On
              </Text>
              <Chip.Group
                multiple
                value={value.weekdays.map(String)}
                onChange={(days) => change({ weekdays: days.map(Number).sort((a, b) => a - b) })}
              >
                <Group gap={4}>
                  {WEEKDAYS.map((day, index) => (
                    <Chip key={day} value={String(index)} size="xs">
                      {day}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Stack>
          )}
          <Group align="flex-end" gap="sm">
            <Select
              label="Ends"
              data={ENDS_OPTIONS}
              value={value.ends}
              onChange={(ends) => change({ ends: (ends ?? 'never') as RepeatForm['ends'] })}
              allowDeselect={false}
              w={220}
            />
            {value.ends === 'until' && (
              <TextInput
                type="date"
                label="Last date"
                value={value.until}
                onChange={(event) => change({ until: event.currentTarget.value })}
              />
            )}
            {value.ends === 'count' && (
              <NumberInput
                label="Times"
                value={value.count}
                onChange={(count) => change({ count: typeof count === 'number' ? count : 0 })}
                min={1}
                max={1000}
                allowDecimal={false}
                w={100}
              />
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
