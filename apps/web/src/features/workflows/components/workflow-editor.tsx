import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  SOCIAL_PLATFORMS,
  WAIT_UNITS,
  type WorkflowConditions,
  type WorkflowInput,
  type WorkflowStep,
  type WorkflowStepType,
  type WorkflowTrigger,
  type WorkflowTriggerType,
} from '@grouptrack/domain';
import { useState } from 'react';
import { Icon } from '../../../components/icons';
import { pipelineOptions, stageOptions, tagOptions } from '../../../lib/pipelines';
import { formatPlatformName } from '../../../lib/platform-names';
import { useSaveWorkflow, type Workflow } from '../api/workflows';
import {
  defaultStep,
  defaultTrigger,
  findFormProblem,
  newWorkflow,
  STEP_LABELS,
  TRIGGER_LABELS,
  type WorkflowChoices,
} from '../lib/workflow-form';

const platformOptions = SOCIAL_PLATFORMS.map((platform) => ({
  value: platform,
  label: formatPlatformName(platform),
}));
const optionsOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

interface WorkflowEditorProps {
  teamUID: string;
  /** The workflow to change, or null for a new one. */
  workflow: Workflow | null;
  choices: WorkflowChoices;
  onClose: () => void;
}

/** Adds or changes a workflow: its trigger, who it is for, and its steps in order. */
export function WorkflowEditor({ teamUID, workflow, choices, onClose }: WorkflowEditorProps) {
  const save = useSaveWorkflow(teamUID);
  const [input, setInput] = useState<WorkflowInput>(() =>
    workflow
      ? { name: workflow.name, status: workflow.status, definition: workflow.definition }
      : newWorkflow(choices),
  );
  const [shownProblem, setShownProblem] = useState<string | null>(null);
  const { trigger, conditions, steps } = input.definition;
  const pipelines = pipelineOptions(choices.pipelines);
  const triggerPipeline = 'pipelineId' in trigger ? trigger.pipelineId : null;

  const setDefinition = (change: Partial<WorkflowInput['definition']>) =>
    setInput((current) => ({ ...current, definition: { ...current.definition, ...change } }));
  const setTrigger = (change: Partial<WorkflowTrigger>) =>
    setDefinition({ trigger: { ...trigger, ...change } as WorkflowTrigger });
  const setConditions = (change: Partial<WorkflowConditions>) =>
    setDefinition({ conditions: { ...conditions, ...change } });
  const setStep = (index: number, step: WorkflowStep) =>
    setDefinition({ steps: steps.map((each, at) => (at === index ? step : each)) });
  const moveStep = (index: number, by: -1 | 1) => {
    const next = [...steps];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    setDefinition({ steps: next });
  };

  const submit = () => {
    const problem = findFormProblem(input);
    setShownProblem(problem);
    if (problem) return;
    save.mutate({ id: workflow?.id ?? null, input }, { onSuccess: onClose });
  };

  return (
    <Modal opened onClose={onClose} title={workflow ? `Edit ${workflow.name}` : 'New workflow'} size="xl">
      <Stack>
        <TextInput
          label="Name"
          required
          value={input.name}
          onChange={(event) => setInput({ ...input, name: event.currentTarget.value })}
          maxLength={100}
        />
        <Switch
          label="Running (people who meet the trigger start it)"
          checked={input.status === 'running'}
          onChange={(event) =>
            setInput({ ...input, status: event.currentTarget.checked ? 'running' : 'paused' })
          }
        />
        <Paper withBorder p="sm" radius="md">
          <Stack gap="xs">
            <Title order={3} size="h5">
              When
            </Title>
            <Select
              label="Trigger"
              data={optionsOf(TRIGGER_LABELS)}
              value={trigger.type}
              allowDeselect={false}
              onChange={(type) =>
                type && setDefinition({ trigger: defaultTrigger(type as WorkflowTriggerType, choices) })
              }
            />
            <TriggerFields
              trigger={trigger}
              choices={choices}
              pipelineOptions={pipelines}
              onChange={setTrigger}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="sm" radius="md">
          <Stack gap="xs">
            <Title order={3} size="h5">
              Only for people who
            </Title>
            <Group grow align="flex-start">
              <MultiSelect
                label="Are in one of these stages"
                placeholder="Any stage"
                data={stageOptions(choices.pipelines, conditions.pipelineId ?? triggerPipeline)}
                value={conditions.stageIds}
                onChange={(stageIds) => setConditions({ stageIds })}
              />
              <MultiSelect
                label="Have a profile on"
                placeholder="Any platform"
                data={platformOptions}
                value={conditions.platforms}
                onChange={(platforms) => setConditions({ platforms: platforms })}
              />
            </Group>
            <Group grow align="flex-start">
              <MultiSelect
                label="Have tags"
                placeholder="Any tags"
                data={tagOptions(choices.pipelines)}
                value={conditions.tags?.tagIds ?? []}
                onChange={(tagIds) =>
                  setConditions({
                    tags: tagIds.length > 0 ? { mode: conditions.tags?.mode ?? 'any', tagIds } : null,
                  })
                }
              />
              <Select
                label="Of those tags"
                data={[
                  { value: 'any', label: 'Any of them' },
                  { value: 'all', label: 'All of them' },
                ]}
                value={conditions.tags?.mode ?? 'any'}
                disabled={!conditions.tags}
                allowDeselect={false}
                onChange={(mode) =>
                  conditions.tags &&
                  setConditions({ tags: { ...conditions.tags, mode: mode as 'any' | 'all' } })
                }
              />
            </Group>
            <Group grow align="flex-start">
              <YesNoAny
                label="Have an email"
                value={conditions.hasEmail}
                onChange={(hasEmail) => setConditions({ hasEmail })}
              />
              <YesNoAny
                label="Have a phone"
                value={conditions.hasPhone}
                onChange={(hasPhone) => setConditions({ hasPhone })}
              />
              <TextInput
                label="Answered with the word"
                placeholder="Any answer"
                value={conditions.answerContains ?? ''}
                maxLength={100}
                onChange={(event) => setConditions({ answerContains: event.currentTarget.value || null })}
              />
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder p="sm" radius="md">
          <Stack gap="xs">
            <Title order={3} size="h5">
              Then
            </Title>
            {steps.map((step, index) => (
              <Group key={index} align="flex-end" wrap="nowrap" aria-label={`Step ${index + 1}`} role="group">
                <Text fw={600} w={24} pb={8}>
                  {index + 1}.
                </Text>
                <Select
                  label="Step"
                  w={240}
                  data={optionsOf(STEP_LABELS)}
                  value={step.type}
                  allowDeselect={false}
                  onChange={(type) =>
                    type && setStep(index, defaultStep(type as WorkflowStepType, choices, triggerPipeline))
                  }
                />
                <StepFields
                  step={step}
                  choices={choices}
                  pipelineOptions={pipelines}
                  onChange={(next) => setStep(index, next)}
                />
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move step ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => moveStep(index, -1)}
                  mb={4}
                >
                  <Icon name="chevronUp" size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move step ${index + 1} down`}
                  disabled={index === steps.length - 1}
                  onClick={() => moveStep(index, 1)}
                  mb={4}
                >
                  <Icon name="chevronDown" size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove step ${index + 1}`}
                  disabled={steps.length === 1}
                  onClick={() => setDefinition({ steps: steps.filter((_, at) => at !== index) })}
                  mb={4}
                >
                  <Icon name="close" size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="light"
                onClick={() =>
                  setDefinition({ steps: [...steps, defaultStep('addTags', choices, triggerPipeline)] })
                }
                disabled={steps.length >= 20}
              >
                Add a step
              </Button>
            </Group>
          </Stack>
        </Paper>
        {(shownProblem ?? save.error) && (
          <Alert color="red" title="This workflow cannot be saved yet">
            {shownProblem ?? save.error?.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save workflow
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function YesNoAny({
  label,
  value,
  onChange,
}: {
  label: string;
  value: boolean | null;
  onChange: (value: boolean | null) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl
        aria-label={label}
        data={[
          { value: 'any', label: 'Either' },
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]}
        value={value === null ? 'any' : value ? 'yes' : 'no'}
        onChange={(picked) => onChange(picked === 'any' ? null : picked === 'yes')}
      />
    </Stack>
  );
}

interface FieldsProps<T> {
  choices: WorkflowChoices;
  pipelineOptions: { value: string; label: string }[];
  onChange: (change: T) => void;
}

function TriggerFields({
  trigger,
  choices,
  pipelineOptions,
  onChange,
}: FieldsProps<Partial<WorkflowTrigger>> & { trigger: WorkflowTrigger }) {
  const pipeline = (value: string | null, optional = false) => (
    <Select
      label="Pipeline"
      data={pipelineOptions}
      value={value}
      placeholder={optional ? 'Any pipeline' : undefined}
      allowDeselect={optional}
      onChange={(pipelineId) => onChange({ pipelineId: pipelineId ?? (optional ? null : value) })}
    />
  );
  const platform = (value: string | null) => (
    <Select
      label="Platform"
      placeholder="Any platform"
      data={platformOptions}
      value={value}
      onChange={(picked) => onChange({ platform: picked } as Partial<WorkflowTrigger>)}
    />
  );
  switch (trigger.type) {
    case 'captured':
      return pipeline(trigger.pipelineId);
    case 'memberRequestApproved':
      return pipeline(trigger.pipelineId, true);
    case 'stageChanged':
      return (
        <Group grow>
          <Select
            label="Pipeline"
            data={pipelineOptions}
            value={trigger.pipelineId}
            allowDeselect={false}
            onChange={(pipelineId) =>
              pipelineId &&
              onChange({
                pipelineId,
                toStageId: stageOptions(choices.pipelines, pipelineId)[0]?.value ?? null,
                fromStageId: null,
              })
            }
          />
          <Select
            label="From stage"
            placeholder="Any stage"
            data={stageOptions(choices.pipelines, trigger.pipelineId)}
            value={trigger.fromStageId}
            onChange={(fromStageId) => onChange({ fromStageId })}
          />
          <Select
            label="To stage"
            placeholder="Any stage"
            data={stageOptions(choices.pipelines, trigger.pipelineId)}
            value={trigger.toStageId}
            onChange={(toStageId) => onChange({ toStageId })}
          />
        </Group>
      );
    case 'tagAdded':
    case 'tagRemoved':
      return (
        <Select
          label="Tag"
          data={tagOptions(choices.pipelines)}
          value={trigger.tagId}
          allowDeselect={false}
          searchable
          onChange={(tagId) => tagId && onChange({ tagId })}
        />
      );
    case 'taskCompleted':
      return null;
    case 'messageSent':
    case 'messageReplied':
      return platform(trigger.platform);
    case 'daysInStage':
      return (
        <Group grow>
          <Select
            label="Pipeline"
            data={pipelineOptions}
            value={trigger.pipelineId}
            allowDeselect={false}
            onChange={(pipelineId) =>
              pipelineId &&
              onChange({ pipelineId, stageId: stageOptions(choices.pipelines, pipelineId)[0]?.value ?? '' })
            }
          />
          <Select
            label="Stage"
            data={stageOptions(choices.pipelines, trigger.pipelineId)}
            value={trigger.stageId}
            allowDeselect={false}
            onChange={(stageId) => stageId && onChange({ stageId })}
          />
          <NumberInput
            label="Days"
            min={1}
            max={365}
            value={trigger.days}
            onChange={(days) => onChange({ days: Number(days) || 1 })}
          />
        </Group>
      );
    case 'date':
      return (
        <Group grow>
          {pipeline(trigger.pipelineId)}
          <TextInput
            label="On (your time)"
            type="datetime-local"
            value={toLocalInput(trigger.at)}
            onChange={(event) =>
              event.currentTarget.value && onChange({ at: new Date(event.currentTarget.value).toISOString() })
            }
          />
        </Group>
      );
  }
}

/** An ISO moment as a datetime-local input shows it, in the browser's time zone. */
function toLocalInput(iso: string) {
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function StepFields({
  step,
  choices,
  pipelineOptions,
  onChange,
}: FieldsProps<WorkflowStep> & { step: WorkflowStep }) {
  switch (step.type) {
    case 'addTags':
    case 'removeTags':
      return (
        <MultiSelect
          label="Tags"
          style={{ flex: 1 }}
          data={tagOptions(choices.pipelines)}
          value={step.tagIds}
          searchable
          onChange={(tagIds) => onChange({ ...step, tagIds })}
        />
      );
    case 'moveStage':
      return (
        <Group grow style={{ flex: 1 }}>
          <Select
            label="Pipeline"
            data={pipelineOptions}
            value={step.pipelineId}
            allowDeselect={false}
            onChange={(pipelineId) =>
              pipelineId &&
              onChange({
                ...step,
                pipelineId,
                stageId: stageOptions(choices.pipelines, pipelineId)[0]?.value ?? '',
              })
            }
          />
          <Select
            label="Stage"
            data={stageOptions(choices.pipelines, step.pipelineId)}
            value={step.stageId}
            allowDeselect={false}
            onChange={(stageId) => stageId && onChange({ ...step, stageId })}
          />
        </Group>
      );
    case 'createTask':
      return (
        <Select
          label="Task template"
          style={{ flex: 1 }}
          data={choices.taskTemplates.map((t) => ({ value: t.templateUID, label: t.name }))}
          value={step.templateId || null}
          placeholder={choices.taskTemplates.length === 0 ? 'Add a task template first' : undefined}
          allowDeselect={false}
          onChange={(templateId) => templateId && onChange({ ...step, templateId })}
        />
      );
    case 'queueMessage':
      return (
        <Group grow style={{ flex: 1 }}>
          <Select
            label="Message template"
            data={choices.messageTemplates.map((t) => ({ value: t.templateUID, label: t.name }))}
            value={step.templateId || null}
            placeholder={choices.messageTemplates.length === 0 ? 'Add a message template first' : undefined}
            allowDeselect={false}
            onChange={(templateId) => templateId && onChange({ ...step, templateId })}
          />
          <Select
            label="Platform"
            data={platformOptions}
            value={step.platform}
            allowDeselect={false}
            onChange={(platform) => platform && onChange({ ...step, platform: platform })}
          />
        </Group>
      );
    case 'addNote':
      return (
        <Textarea
          label="Note"
          style={{ flex: 1 }}
          autosize
          minRows={1}
          maxLength={5000}
          value={step.text}
          onChange={(event) => onChange({ ...step, text: event.currentTarget.value })}
        />
      );
    case 'wait':
      return (
        <Group grow style={{ flex: 1 }}>
          <NumberInput
            label="For"
            min={1}
            value={step.amount}
            onChange={(amount) => onChange({ ...step, amount: Number(amount) || 1 })}
          />
          <Select
            label="Unit"
            data={WAIT_UNITS.map((unit) => ({ value: unit, label: unit }))}
            value={step.unit}
            allowDeselect={false}
            onChange={(unit) => unit && onChange({ ...step, unit: unit })}
          />
        </Group>
      );
    case 'stopIfReplied':
      return (
        <Text size="sm" c="dimmed" style={{ flex: 1 }} pb={8}>
          Ends the run here when they replied since it started.
        </Text>
      );
    case 'sendToConnection':
      return (
        <Select
          label="Connection"
          style={{ flex: 1 }}
          data={choices.connections.map((c) => ({ value: c.connectionUID, label: c.name }))}
          value={step.connectionId || null}
          placeholder={
            choices.connections.length === 0 ? 'Add a connection in Setup → Connections first' : undefined
          }
          allowDeselect={false}
          onChange={(connectionId) => connectionId && onChange({ ...step, connectionId })}
        />
      );
  }
}
