import { Modal, Stack, TextInput } from '@mantine/core';
import { hexColorSchema } from '@grouptrack/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
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
  const [errors, setErrors] = useState<{ name?: string; color?: string }>({});
  const [saveError, setSaveError] = useState<unknown>(null);
  const [isSaving, setIsSaving] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    const parsedColor = hexColorSchema.safeParse(color);
    const next: { name?: string; color?: string } = {};
    if (!trimmed) next.name = 'Enter a name';
    else if (takenNames.some((taken) => taken.trim().toLowerCase() === trimmed.toLowerCase()))
      next.name = `"${trimmed}" is already used here`;
    if (!parsedColor.success) next.color = parsedColor.error.issues[0]?.message ?? 'Enter a hex colour';
    setErrors(next);
    if (next.name || next.color || !parsedColor.success) return;
    setIsSaving(true);
    setSaveError(null);
    try {
      await onSave({ name: trimmed, color: parsedColor.data });
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
