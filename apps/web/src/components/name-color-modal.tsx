import { Modal, Stack, TextInput } from '@mantine/core';
import { hexColorSchema } from '@grouptrack/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useFieldErrors } from '../lib/validate';
import type { FieldErrors } from '../lib/validate';
import { ColorField } from './color-field';
import { FormActions } from './form-actions';

export interface NameColorModalProps {
  title: string;
  initialName: string;
  initialColor: string;
  /** Names already used in the same set (case-insensitive), to refuse duplicates early. */
  takenNames: readonly string[];
  onSave: (values: { name: string; color: string }) => Promise<unknown>;
  onClose: () => void;
}

/** Checks a name and colour: a name not yet used in the set (case-insensitive), and a hex colour. */
function readNameColor(name: string, color: string, takenNames: readonly string[]) {
  const trimmed = name.trim();
  const parsedColor = hexColorSchema.safeParse(color);
  const errors: FieldErrors<'name' | 'color'> = {};
  if (!trimmed) errors.name = 'Enter a name';
  else if (takenNames.some((taken) => taken.trim().toLowerCase() === trimmed.toLowerCase()))
    errors.name = `"${trimmed}" is already used here`;
  if (!parsedColor.success) errors.color = parsedColor.error.issues[0]?.message ?? 'Enter a hex colour';
  return errors.name || !parsedColor.success
    ? ({ ok: false, errors } as const)
    : ({ ok: true, values: { name: trimmed, color: parsedColor.data } } as const);
}

/** Edits the name and colour of a tag set or a tag. Mount it only while open, so it starts fresh. */
export function NameColorModal({
  title,
  initialName,
  initialColor,
  takenNames,
  onSave,
  onClose,
}: NameColorModalProps) {
  const [name, setName] = useState(initialName);
  const [color, setColor] = useState(initialColor);
  const read = readNameColor(name, color, takenNames);
  const [errors, showErrors] = useFieldErrors<'name' | 'color'>(read.ok ? {} : read.errors);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [isSaving, setIsSaving] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    showErrors(read.ok ? {} : read.errors);
    if (!read.ok) return;
    setIsSaving(true);
    setSaveError(null);
    try {
      await onSave(read.values);
      onClose();
    } catch (error) {
      setSaveError(error);
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack>
          <TextInput
            label="Name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            data-autofocus
            required
          />
          <ColorField
            label="Colour"
            value={color}
            onChange={setColor}
            previewText={name}
            error={errors.color}
          />
          <FormActions error={saveError} isPending={isSaving} submitLabel="Save" onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
