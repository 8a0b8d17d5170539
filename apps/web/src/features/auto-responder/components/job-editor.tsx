import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { parseTriggerWords } from '@grouptrack/domain';
import { useState } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { pipelineOptions, stageOptions, tagOptions } from '../../../lib/pipelines';
import { useSaveAutoResponder, type AutoResponder, type AutoResponderGroup } from '../api/auto-responder';
import {
  POST_ADDRESS_EXAMPLE,
  emptyForm,
  findFormProblem,
  formFromJob,
  inputFromForm,
  platformName,
  platformOfAddress,
  templateOptions,
  type AutoResponderChoices,
  type AutoResponderForm,
} from '../lib/auto-responder-form';

interface JobEditorProps {
  teamUID: string;
  /** The job to change, or null for a new one. */
  job: AutoResponder | null;
  groups: readonly AutoResponderGroup[];
  /** The group a new job starts in. */
  initialGroupId: string | null;
  choices: AutoResponderChoices;
  onClose: () => void;
}

/** Adds or changes a job: the post it watches, its trigger words and what it does for each commenter. */
export function JobEditor({ teamUID, job, groups, initialGroupId, choices, onClose }: JobEditorProps) {
  const save = useSaveAutoResponder(teamUID);
  const [form, setForm] = useState<AutoResponderForm>(() =>
    job ? formFromJob(job) : emptyForm(initialGroupId),
  );
  const [shownProblem, setShownProblem] = useState<string | null>(null);
  const set = (change: Partial<AutoResponderForm>) => setForm((current) => ({ ...current, ...change }));
  const words = parseTriggerWords(form.triggerWords);
  const platform = platformOfAddress(form.permalinkURL);
  const templates = templateOptions(choices);
  const noTemplates = templates.length === 0 ? 'Add a message template first' : undefined;
  const stages = stageOptions(choices.pipelines, form.pipelineId);

  const submit = () => {
    const problem = findFormProblem(form);
    setShownProblem(problem);
    if (problem) return;
    save.mutate({ jobID: job?.jobID ?? null, input: inputFromForm(form) }, { onSuccess: onClose });
  };

  return (
    <Modal opened onClose={onClose} title={job ? `Edit ${job.jobName}` : 'New auto responder'} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            required
            data-autofocus
            maxLength={100}
            value={form.jobName}
            onChange={(event) => set({ jobName: event.currentTarget.value })}
          />
          <Select
            label="Group"
            required
            data={groups.map((group) => ({ value: group.id, label: group.name }))}
            value={form.jobGroupId}
            allowDeselect={false}
            onChange={(jobGroupId) => set({ jobGroupId })}
          />
          <TextInput
            label="Post address"
            required
            placeholder={POST_ADDRESS_EXAMPLE}
            description={
              platform
                ? `A ${platformName(platform)} post.`
                : 'A Facebook group or page post, or an Instagram post or reel.'
            }
            maxLength={2000}
            value={form.permalinkURL}
            onChange={(event) => set({ permalinkURL: event.currentTarget.value })}
          />
          <Stack gap={6}>
            <TextInput
              label="Trigger words"
              required
              placeholder="info, price, interested"
              description="Separate words or phrases with commas. A comment matches when it holds one of them as a whole word, in any case."
              value={form.triggerWords}
              onChange={(event) => set({ triggerWords: event.currentTarget.value })}
            />
            {words.length > 0 && (
              <Group gap={6} aria-label="Trigger words found" role="list">
                {words.map((word) => (
                  <Badge key={word} variant="default" tt="none" role="listitem">
                    {word}
                  </Badge>
                ))}
              </Group>
            )}
          </Stack>
          <Text size="sm" fw={500}>
            For each new commenter who uses a trigger word
          </Text>
          <Group grow align="flex-start">
            <Select
              label="Reply with"
              description="Posted under their comment"
              placeholder={noTemplates ?? 'No reply'}
              data={templates}
              value={form.replyTemplateId}
              clearable
              searchable
              onChange={(replyTemplateId) => set({ replyTemplateId })}
            />
            <Select
              label="Send a message"
              description="Queued as a direct message"
              placeholder={noTemplates ?? 'No message'}
              data={templates}
              value={form.messageTemplateId}
              clearable
              searchable
              onChange={(messageTemplateId) => set({ messageTemplateId })}
            />
          </Group>
          <MultiSelect
            label="Tags"
            placeholder={form.tagIds.length === 0 ? 'No tags' : undefined}
            data={tagOptions(choices.pipelines)}
            value={form.tagIds}
            searchable
            clearable
            onChange={(tagIds) => set({ tagIds })}
          />
          <Group grow align="flex-start">
            <Select
              label="Pipeline"
              placeholder="No pipeline"
              data={pipelineOptions(choices.pipelines)}
              value={form.pipelineId}
              clearable
              onChange={(pipelineId) => set({ pipelineId, stageId: null })}
            />
            <Select
              label="Stage"
              placeholder={form.pipelineId ? 'First stage' : 'Choose a pipeline first'}
              data={stages}
              value={form.stageId}
              clearable
              disabled={!form.pipelineId}
              onChange={(stageId) => set({ stageId })}
            />
          </Group>
          {(shownProblem ?? save.error) && (
            <Alert color="red" variant="light" role="alert" title="This auto responder cannot be saved yet">
              {shownProblem ?? formatErrorMessage(save.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save auto responder
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
