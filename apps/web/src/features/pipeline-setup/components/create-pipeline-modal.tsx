import { ActionIcon, Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Pipeline } from '../../../lib/pipelines';
import { createPipeline, usePipelineMutation } from '../../../lib/pipelines';
import { readNewPipeline } from '../lib/new-pipeline';
import { FormActions } from '../../../components/form-actions';
import { keepEnterInField, useFieldErrors } from '../../../lib/validate';

export interface CreatePipelineModalProps {
  teamUID: string;
  existingNames: readonly string[];
  onCreated: (pipeline: Pipeline) => void;
  onClose: () => void;
}

const MAX_STAGES = 50;

/** Creates a pipeline with its name and stages in order. */
export function CreatePipelineModal({
  teamUID,
  existingNames,
  onCreated,
  onClose,
}: CreatePipelineModalProps) {
  const [nickName, setNickName] = useState('');
  const [stages, setStages] = useState<string[]>(['New', 'Contacted', 'Won']);
  const checked = readNewPipeline({ nickName, stageNames: stages, existingNames });
  const [errors, showErrors] = useFieldErrors<'nickName' | 'stages'>(checked.ok ? {} : checked.errors);
  const create = usePipelineMutation(teamUID, (input: Parameters<typeof createPipeline>[1]) =>
    createPipeline(teamUID, input),
  );

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    showErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    create.mutate(
      { nickName: checked.nickName, stages: checked.stageNames.map((name) => ({ name })) },
      { onSuccess: onCreated },
    );
  }

  /** Enter in a stage moves to the next one, and in the last adds a stage: the pipeline is made by its button. */
  function handleStageEnter(index: number, field: HTMLElement) {
    const stageAt = (at: number) =>
      field.closest('form')?.querySelectorAll<HTMLInputElement>('input[data-stage-name]')[at];
    if (index < stages.length - 1) return stageAt(index + 1)?.focus();
    if (stages.length >= MAX_STAGES) return;
    setStages((current) => [...current, '']);
    requestAnimationFrame(() => stageAt(index + 1)?.focus());
  }

  return (
    <Modal opened onClose={onClose} title="New pipeline" centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <TextInput
            label="Pipeline name"
            value={nickName}
            onChange={(event) => setNickName(event.currentTarget.value)}
            error={errors.nickName}
            required
            data-autofocus
          />
          {stages.map((stage, index) => (
            <Group key={index} wrap="nowrap" align="flex-end">
              <TextInput
                style={{ flex: 1 }}
                label={`Stage ${index + 1}`}
                data-stage-name
                onKeyDown={keepEnterInField((field) => handleStageEnter(index, field))}
                value={stage}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setStages((current) => current.map((each, at) => (at === index ? value : each)));
                }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove stage ${index + 1}`}
                disabled={stages.length === 1}
                onClick={() => setStages((current) => current.filter((_, at) => at !== index))}
              >
                <span aria-hidden>×</span>
              </ActionIcon>
            </Group>
          ))}
          {errors.stages && (
            <Alert color="red" variant="light" role="alert">
              {errors.stages}
            </Alert>
          )}
          <Button
            variant="default"
            onClick={() => setStages((current) => [...current, ''])}
            disabled={stages.length >= MAX_STAGES}
          >
            Add another stage
          </Button>
          <FormActions
            error={create.error}
            isPending={create.isPending}
            submitLabel="Create pipeline"
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
