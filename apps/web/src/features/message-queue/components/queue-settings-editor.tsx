import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import type { QueueSettingsAnswer, SocialPlatform } from '@grouptrack/domain';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { formatPlatformName } from '../../../lib/platform-names';
import { keepEnterInField, useFieldErrors } from '../../../lib/validate';
import { useSaveQueueSettings } from '../api/queue-settings';
import {
  RANGES,
  buildDefaultQueueForm,
  toQueueSettingsForm,
  validateQueueSettingsForm,
} from '../lib/queue-settings-form';
import type { QueueSettingsFormValues } from '../lib/queue-settings-form';
import { GapField } from './gap-field';
import { WorkingHoursField } from './working-hours-field';

// Every zone the browser knows, read once; a saved zone the list lacks is added to it.
const TIME_ZONES = Intl.supportedValuesOf('timeZone');

export interface QueueSettingsEditorProps {
  teamUID: string;
  platform: SocialPlatform;
  saved: QueueSettingsAnswer;
}

/**
 * The pace and hours of the member's queue on one platform: a random gap between messages, breaks,
 * working hours per weekday, the daily maximum and the time zone, checked with the settings' schema
 * and saved at once.
 */
export function QueueSettingsEditor({ teamUID, platform, saved }: QueueSettingsEditorProps) {
  // Unsaved settings are the safe defaults; their time zone is the browser's.
  const [values, setValues] = useState<QueueSettingsFormValues>(() =>
    saved.isSaved ? toQueueSettingsForm(saved.settings) : buildDefaultQueueForm(platform),
  );
  const [isSaved, setIsSaved] = useState(false);
  const save = useSaveQueueSettings(teamUID, platform);
  const checked = validateQueueSettingsForm(values);
  const [errors, showErrors] = useFieldErrors<string>(checked.ok ? {} : checked.errors);
  const name = formatPlatformName(platform);

  function change(next: Partial<QueueSettingsFormValues>) {
    setValues((current) => ({ ...current, ...next }));
    setIsSaved(false);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    showErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setIsSaved(false);
    save.mutate(checked.settings, { onSuccess: () => setIsSaved(true) });
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={`${name} queue settings`}>
      <Stack>
        {!saved.isSaved && (
          <Text size="sm" c="dimmed">
            These are the safe defaults for {name}, from the pace other tools keep to. Nothing is saved yet.
          </Text>
        )}
        <Section title="Message frequency">
          <Text size="sm" c="dimmed">
            Between two messages the queue waits a random time between these two, so it never sends like a
            robot.
          </Text>
          <Group align="flex-start">
            <GapField
              label="Shortest gap"
              value={values.minGap}
              error={errors.minGap}
              onChange={(minGap) => change({ minGap })}
            />
            <GapField
              label="Longest gap"
              value={values.maxGap}
              error={errors.maxGap}
              onChange={(maxGap) => change({ maxGap })}
            />
          </Group>
        </Section>
        <Section title="Breaks">
          <Switch
            label="Take breaks"
            description="A pause after a run of messages, as a person would take."
            checked={values.hasBreaks}
            onChange={(event) => change({ hasBreaks: event.currentTarget.checked })}
          />
          {values.hasBreaks ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                label="After this many messages"
                min={RANGES.breakAfterMessages.min}
                max={RANGES.breakAfterMessages.max}
                allowDecimal={false}
                allowNegative={false}
                value={values.breakAfterMessages}
                onChange={(breakAfterMessages) => change({ breakAfterMessages })}
                onKeyDown={keepEnterInField()}
                error={errors.breakAfterMessages}
              />
              <NumberInput
                label="Pause for (minutes)"
                min={RANGES.breakMinutes.min}
                max={RANGES.breakMinutes.max}
                allowDecimal={false}
                allowNegative={false}
                value={values.breakMinutes}
                onChange={(breakMinutes) => change({ breakMinutes })}
                onKeyDown={keepEnterInField()}
                error={errors.breakMinutes}
              />
            </SimpleGrid>
          ) : (
            <Text size="sm">No breaks: the queue sends at the gaps above until the daily maximum.</Text>
          )}
        </Section>
        <Section title="Working hours">
          <WorkingHoursField
            value={values.workingHours}
            errors={errors}
            onChange={(workingHours) => change({ workingHours })}
          />
        </Section>
        <Section title="Daily maximum and time zone">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Most messages a day"
              description="The queue stops here and resumes by itself the next day, in working hours."
              min={RANGES.dailyMax.min}
              max={RANGES.dailyMax.max}
              allowDecimal={false}
              allowNegative={false}
              value={values.dailyMax}
              onChange={(dailyMax) => change({ dailyMax })}
              onKeyDown={keepEnterInField()}
              error={errors.dailyMax}
              required
            />
            <Select
              label="Time zone"
              description="Working hours and the day's count are in this time zone."
              data={TIME_ZONES.includes(values.timeZone) ? TIME_ZONES : [values.timeZone, ...TIME_ZONES]}
              value={values.timeZone}
              onChange={(timeZone) => timeZone && change({ timeZone })}
              searchable
              allowDeselect={false}
              error={errors.timeZone}
            />
          </SimpleGrid>
        </Section>
        {save.error != null && (
          <Alert color="red" variant="light" role="alert">
            Couldn&apos;t save the settings: {formatErrorMessage(save.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
          <Button
            variant="subtle"
            onClick={() => {
              setValues(buildDefaultQueueForm(platform));
              setIsSaved(false);
              showErrors({});
            }}
          >
            Back to safe defaults
          </Button>
          <Text size="sm" c="teal.9" role="status">
            {isSaved ? `Saved. The ${name} queue follows these settings now.` : ''}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
