import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { hexColorSchema } from '@grouptrack/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import type { Stage, StageFields } from '../../../lib/pipelines';
import { useCreatePhase, usePhases } from '../api/phases';
import { ColorField } from '../../../components/color-field';
import { FormActions } from '../../../components/form-actions';
import { keepEnterInField, useFieldErrors } from '../../../lib/validate';

const NEW_PHASE = '__new_phase__';

export interface StageEditorModalProps {
  teamUID: string;
  /** The stage to edit; null to add one. */
  stage: Stage | null;
  takenNames: readonly string[];
  onSave: (fields: StageFields) => Promise<unknown>;
  onClose: () => void;
}

/** Adds or edits a stage: name, colour (with its readable font colour), description and phase. */
export function StageEditorModal({ teamUID, stage, takenNames, onSave, onClose }: StageEditorModalProps) {
  const phases = usePhases(teamUID);
  const createPhase = useCreatePhase(teamUID);
  const [name, setName] = useState(stage?.name ?? '');
  const [color, setColor] = useState(stage?.color ?? '#1C7EBB');
  const [description, setDescription] = useState(stage?.description ?? '');
  const [phaseId, setPhaseId] = useState<string | null>(stage?.phase ?? null);
  const [newPhase, setNewPhase] = useState<string | null>(null);
  const [phaseError, setPhaseError] = useState<string | undefined>();
  const trimmed = name.trim();
  const parsedColor = hexColorSchema.safeParse(color);
  const current: { name?: string; color?: string } = {};
  if (!trimmed) current.name = 'Enter a name';
  else if (takenNames.some((taken) => taken.trim().toLowerCase() === trimmed.toLowerCase()))
    current.name = `A stage named "${trimmed}" already exists in this pipeline`;
  if (!parsedColor.success) current.color = parsedColor.error.issues[0]?.message ?? 'Enter a hex colour';
  const [errors, showErrors] = useFieldErrors<'name' | 'color'>(current);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [isSaving, setIsSaving] = useState(false);

  async function handleAddPhase() {
    const phaseName = (newPhase ?? '').trim();
    if (!phaseName) return setPhaseError('Enter the phase name');
    try {
      const list = await createPhase.mutateAsync(phaseName);
      const created = [...list].reverse().find((phase) => phase.name === phaseName);
      if (created) setPhaseId(created.phaseUID);
      setNewPhase(null);
      setPhaseError(undefined);
    } catch (error) {
      setPhaseError(formatErrorMessage(error));
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    showErrors(current);
    if (current.name || current.color || !parsedColor.success) return;
    setIsSaving(true);
    setSaveError(null);
    try {
      await onSave({ name: trimmed, color: parsedColor.data, description: description.trim(), phaseId });
      onClose();
    } catch (error) {
      setSaveError(error);
    } finally {
      setIsSaving(false);
    }
  }

  const phaseOptions = [
    ...(phases.data ?? []).map((phase) => ({ value: phase.phaseUID, label: phase.name })),
    { value: NEW_PHASE, label: '+ New phase…' },
  ];

  return (
    <Modal opened onClose={onClose} title={stage ? `Edit stage ${stage.name}` : 'Add a stage'} centered>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack>
          <TextInput
            label="Stage name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            required
            data-autofocus
          />
          <ColorField
            label="Stage colour"
            value={color}
            onChange={setColor}
            previewText={name}
            error={errors.color}
          />
          <Textarea
            label="Description"
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
          />
          <Select
            label="Phase"
            placeholder={phases.isError ? "Couldn't load the phases" : 'No phase'}
            data={phaseOptions}
            value={phaseId}
            clearable
            onChange={(value) => {
              if (value === NEW_PHASE) setNewPhase('');
              else setPhaseId(value);
            }}
            error={newPhase === null ? phaseError : undefined}
          />
          {newPhase !== null && (
            <Group align="flex-start" gap="xs">
              <TextInput
                aria-label="New phase name"
                placeholder="New phase name"
                value={newPhase}
                onChange={(event) => {
                  setNewPhase(event.currentTarget.value);
                  setPhaseError(undefined);
                }}
                onKeyDown={keepEnterInField(() => void handleAddPhase())}
                error={phaseError}
              />
              <Button variant="light" onClick={() => void handleAddPhase()} loading={createPhase.isPending}>
                Create phase
              </Button>
              <Button variant="subtle" onClick={() => setNewPhase(null)}>
                Cancel
              </Button>
            </Group>
          )}
          <FormActions error={saveError} isPending={isSaving} submitLabel="Save stage" onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
