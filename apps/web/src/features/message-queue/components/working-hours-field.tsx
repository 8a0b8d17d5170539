import { ActionIcon, Button, Group, Input, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { WorkingWindow } from '@grouptrack/domain';
import {
  FORM_WEEKDAYS,
  MAX_WINDOWS_A_DAY,
  addWindow,
  changeWindow,
  copyMondayToWeekdays,
  removeWindow,
  setDayOff,
} from '../lib/queue-settings-form';
import type { QueueSettingsErrors } from '../lib/queue-settings-form';

export interface WorkingHoursFieldProps {
  value: WorkingWindow[][];
  errors: QueueSettingsErrors;
  onChange: (value: WorkingWindow[][]) => void;
}

/** The sending windows of each weekday, Monday first: a day can be off, or have up to four windows. */
export function WorkingHoursField({ value, errors, onChange }: WorkingHoursFieldProps) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed">
          The queue sends only inside these windows. A window ending before it starts runs past midnight.
        </Text>
        <Button size="xs" variant="default" onClick={() => onChange(copyMondayToWeekdays(value))}>
          Copy Monday to weekdays
        </Button>
      </Group>
      {errors.workingHours && (
        <Text size="sm" c="red">
          {errors.workingHours}
        </Text>
      )}
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Working hours">
        {FORM_WEEKDAYS.map(({ day, name }) => {
          const windows = value[day] ?? [];
          const isOff = windows.length === 0;
          return (
            <Group key={day} component="li" align="flex-start" gap="sm" wrap="nowrap" aria-label={name}>
              <Switch
                w={150}
                mt={6}
                label={name}
                checked={!isOff}
                onChange={(event) => onChange(setDayOff(value, day, !event.currentTarget.checked))}
              />
              <Stack gap={4} style={{ flex: 1 }}>
                {isOff ? (
                  <Text size="sm" c="dimmed" mt={6}>
                    Off: nothing is sent on {name}.
                  </Text>
                ) : (
                  windows.map((window, index) => (
                    <WindowRow
                      key={index}
                      dayName={name}
                      index={index}
                      window={window}
                      error={errors[`window.${day}.${index}`]}
                      onChange={(change) => onChange(changeWindow(value, day, index, change))}
                      onRemove={() => onChange(removeWindow(value, day, index))}
                    />
                  ))
                )}
                {errors[`day.${day}`] && (
                  <Text size="sm" c="red">
                    {errors[`day.${day}`]}
                  </Text>
                )}
                {!isOff && windows.length < MAX_WINDOWS_A_DAY && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    w="fit-content"
                    onClick={() => onChange(addWindow(value, day))}
                    aria-label={`Add a window on ${name}`}
                  >
                    Add a window
                  </Button>
                )}
              </Stack>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}

function WindowRow({
  dayName,
  index,
  window,
  error,
  onChange,
  onRemove,
}: {
  dayName: string;
  index: number;
  window: WorkingWindow;
  error: string | undefined;
  onChange: (change: Partial<WorkingWindow>) => void;
  onRemove: () => void;
}) {
  const label = `${dayName}, window ${index + 1}`;
  return (
    <Input.Wrapper error={error}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          type="time"
          aria-label={`${label}: from`}
          value={window.start}
          onChange={(event) => onChange({ start: event.currentTarget.value })}
          error={Boolean(error)}
          w={130}
        />
        <Text size="sm">to</Text>
        <TextInput
          type="time"
          aria-label={`${label}: until`}
          value={window.end}
          onChange={(event) => onChange({ end: event.currentTarget.value })}
          error={Boolean(error)}
          w={130}
        />
        <ActionIcon variant="subtle" color="gray" aria-label={`Remove ${label}`} onClick={onRemove}>
          ×
        </ActionIcon>
      </Group>
    </Input.Wrapper>
  );
}
