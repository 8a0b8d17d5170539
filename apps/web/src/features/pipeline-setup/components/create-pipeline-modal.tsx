import { ActionIcon, Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Pipeline } from '../../../lib/pipelines';
import { createPipeline, usePipelineMutation } from '../../../lib/pipelines';
import { readNewPipeline } from '../lib/new-pipeline';
import { FormActions } from '../../../components/form-actions';

export interface CreatePipelineModalProps {
  teamUID: string;
  existingNames: readonly string[];
  onCreated: (pipeline: Pipeline) => void;
  onClose: () => void;
}

/** Creates a pipeline with its name and stages in order. */
export function CreatePipelineModal({
  teamUID,
  existingNames,
  onCreated,
  onClose,
}: CreatePipelineModalProps) {
  const [nickName, setNickName] = useState('');
  const [stages, setStages] = useState<string[]>(['New', 'Contacted', 'Won']);
  const [errors, setErrors] = useState<{ nickName?: string; stages?: string }>({});
  const create = usePipelineMutation(teamUID, (input: Parameters<typeof createPipeline>[1]) =>
    createPipeline(teamUID, input),
  );

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = readNewPipeline({ nickName, stageNames: stages, existingNames });
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    create.mutate(
      { nickName: result.nickName, stages: result.stageNames.map((name) => ({ name })) },
      { onSuccess: onCreated },
    );
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
            disabled={stages.length >= 50}
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
