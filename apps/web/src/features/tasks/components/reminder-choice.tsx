import { Radio, Stack } from '@mantine/core';
import { useAppConfig } from '../../../lib/app-config';
import type { ReminderChannel } from '../api/tasks';

/** Why the SMS reminder cannot be picked on an installation without an SMS provider. */
export const SMS_DISABLED_REASON =
  'SMS reminders need an SMS provider; ask your administrator to set one up.';

const CHOICES: { value: ReminderChannel; label: string }[] = [
  { value: 'none', label: 'No reminder' },
  { value: 'in-app', label: 'In the app' },
  { value: 'email', label: 'Email' },
  { value: 'sms', label: 'Text message (SMS)' },
];

/** How a task or template reminds, in a list of its details; null without a reminder. */
export const REMINDER_SUMMARIES: Record<ReminderChannel, string | null> = {
  none: null,
  'in-app': 'In-app reminder',
  email: 'Email reminder',
  sms: 'SMS reminder',
};

/**
 * The reminder channel of a task or a task template. SMS stays disabled, saying why, while the
 * installation has no SMS provider (a value already set to SMS is kept, so it can be seen and changed).
 */
export function ReminderChoice({
  value,
  onChange,
}: {
  value: ReminderChannel;
  onChange: (value: ReminderChannel) => void;
}) {
  const isSmsEnabled = useAppConfig().data?.smsEnabled === true;
  return (
    <Radio.Group
      label="Reminder"
      value={value}
      onChange={(next) => onChange(CHOICES.find((choice) => choice.value === next)?.value ?? 'none')}
    >
      <Stack gap={6} mt={4}>
        {CHOICES.map((choice) => (
          <Radio
            key={choice.value}
            value={choice.value}
            label={choice.label}
            disabled={choice.value === 'sms' && !isSmsEnabled && value !== 'sms'}
            description={choice.value === 'sms' && !isSmsEnabled ? SMS_DISABLED_REASON : undefined}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
