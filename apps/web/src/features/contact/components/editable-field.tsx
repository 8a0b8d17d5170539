import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import type { ContactField } from '../lib/contact-fields';
import { readContactField } from '../lib/contact-fields';

export interface EditableFieldProps {
  field: ContactField;
  label: string;
  value: string | null;
  type?: 'text' | 'email' | 'tel';
  /** Saves the read value; rejects with the server's error. */
  onSave: (value: string | null) => Promise<unknown>;
}

/** A contact field shown as text with an Edit button that turns it into an input with Save and Cancel. */
export function EditableField({ field, label, value, type = 'text', onSave }: EditableFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft === null) return;
    const result = readContactField({ field, input: draft });
    if (!result.ok) return setError(result.error);
    setError(null);
    setIsSaving(true);
    try {
      await onSave(result.value);
      setDraft(null);
    } catch (saveError) {
      setError(formatErrorMessage(saveError));
    } finally {
      setIsSaving(false);
    }
  }

  if (draft === null) {
    return (
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text size="sm" c={value ? undefined : 'dimmed'} style={{ wordBreak: 'break-word' }}>
            {value || 'Not set'}
          </Text>
        </Stack>
        <ActionIcon
          variant="subtle"
          aria-label={`Edit ${label.toLowerCase()}`}
          onClick={() => setDraft(value ?? '')}
        >
          <span aria-hidden>✎</span>
        </ActionIcon>
      </Group>
    );
  }
  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap={4}>
        <TextInput
          label={label}
          type={type}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setDraft(null);
              setError(null);
            }
          }}
          error={error}
          autoFocus
        />
        <Group gap="xs">
          <Button size="xs" type="submit" loading={isSaving}>
            Save {label.toLowerCase()}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              setDraft(null);
              setError(null);
            }}
          >
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
