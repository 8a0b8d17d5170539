import {
  Button,
  Input,
  Modal,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { createPushId, RULE_DECISIONS } from '@grouptrack/domain';
import type { MemberRequestRule, RuleDecision } from '@grouptrack/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { FormActions } from '../../../components/form-actions';
import { keepEnterInField, useFieldErrors } from '../../../lib/validate';
import { DECISION_LABELS } from '../lib/describe-condition';
import {
  conditionErrorKey,
  createConditionDraft,
  toRuleFormValues,
  validateRuleForm,
} from '../lib/rule-form';
import type { RuleFormValues } from '../lib/rule-form';
import { ConditionRow } from './condition-row';

const MAX_CONDITIONS = 20;

/** A choice of a Select or MultiSelect. */
export interface Option {
  value: string;
  label: string;
}

export interface RuleModalProps {
  /** The rule to edit, or null to add one. */
  rule: MemberRequestRule | null;
  tagOptions: readonly Option[];
  stageOptions: readonly Option[];
  templateOptions: readonly Option[];
  messageTemplateOptions: readonly Option[];
  /** Takes the checked rule into the list (saved with the list by "Save rules"). */
  onDone: (rule: MemberRequestRule) => void;
  onClose: () => void;
}

function isDecision(value: string): value is RuleDecision {
  return (RULE_DECISIONS as readonly string[]).includes(value);
}

/** Adds or edits one rule: its conditions, decision and actions. Mount it only while open, so it starts fresh. */
export function RuleModal({
  rule,
  tagOptions,
  stageOptions,
  templateOptions,
  messageTemplateOptions,
  onDone,
  onClose,
}: RuleModalProps) {
  const [values, setValues] = useState<RuleFormValues>(() => toRuleFormValues(rule, () => createPushId()));
  const [id] = useState(() => rule?.id ?? createPushId('rule_'));
  const checked = validateRuleForm(values, id);
  const [errors, showErrors] = useFieldErrors<string>(checked.ok ? {} : checked.errors);
  const set = <Field extends keyof RuleFormValues>(field: Field, value: RuleFormValues[Field]) =>
    setValues((current) => ({ ...current, [field]: value }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    showErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) onDone(checked.rule);
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={rule ? `Edit rule ${rule.name}` : 'Add a rule'}
      centered
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <TextInput
            label="Rule name"
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            onKeyDown={keepEnterInField()}
            error={errors.name}
            maxLength={100}
            required
            data-autofocus
          />
          <Switch
            label="On"
            description="A rule that is off decides nothing; try it with Dry run before switching it on."
            checked={values.enabled}
            onChange={(event) => set('enabled', event.currentTarget.checked)}
          />
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              Conditions
            </Text>
            {values.conditions.length === 0 && (
              <Text size="sm" c="dimmed">
                No conditions: the rule matches every request.
              </Text>
            )}
            {values.conditions.map((draft, index) => (
              <ConditionRow
                key={draft.key}
                position={index + 1}
                draft={draft}
                error={errors[conditionErrorKey(draft)]}
                onChange={(next) =>
                  set(
                    'conditions',
                    values.conditions.map((each) => (each.key === draft.key ? next : each)),
                  )
                }
                onRemove={() =>
                  set(
                    'conditions',
                    values.conditions.filter((each) => each.key !== draft.key),
                  )
                }
              />
            ))}
            {errors.conditions && (
              <Text size="sm" c="red">
                {errors.conditions}
              </Text>
            )}
            <Button
              variant="default"
              w="fit-content"
              disabled={values.conditions.length >= MAX_CONDITIONS}
              onClick={() => set('conditions', [...values.conditions, createConditionDraft(createPushId())])}
            >
              Add condition
            </Button>
          </Stack>
          <Input.Wrapper label="Decision" labelElement="div">
            <SegmentedControl
              display="flex"
              aria-label="Decision"
              data={RULE_DECISIONS.map((decision) => ({ value: decision, label: DECISION_LABELS[decision] }))}
              value={values.decision}
              onChange={(value) => {
                if (isDecision(value)) set('decision', value);
              }}
            />
          </Input.Wrapper>
          {values.decision === 'decline' && (
            <Textarea
              label="Feedback"
              description="Said to the person where the platform lets one decline with feedback; optional."
              value={values.feedback}
              onChange={(event) => set('feedback', event.currentTarget.value)}
              error={errors.feedback}
              maxLength={500}
              autosize
              minRows={2}
            />
          )}
          <MultiSelect
            label="Tags"
            placeholder={tagOptions.length === 0 ? 'No tags in this pipeline' : 'Add tags'}
            data={[...tagOptions]}
            value={values.tagIds}
            onChange={(tagIds) => set('tagIds', tagIds)}
            onKeyDown={keepEnterInField()}
            error={errors.tagIds}
            searchable
            maxValues={20}
          />
          <Select
            label="Stage"
            placeholder="Leave them where they are"
            data={[...stageOptions]}
            value={values.stageId}
            onChange={(stageId) => set('stageId', stageId)}
            onKeyDown={keepEnterInField()}
            clearable
          />
          <Select
            label="Task template"
            placeholder="No task"
            data={[...templateOptions]}
            value={values.taskTemplateId}
            onChange={(taskTemplateId) => set('taskTemplateId', taskTemplateId)}
            onKeyDown={keepEnterInField()}
            clearable
            searchable
          />
          <Select
            label="Queue a message"
            description="Sent to them on the group's platform by the message queue, at its pace"
            placeholder="No message"
            data={[...messageTemplateOptions]}
            value={values.messageTemplateId}
            onChange={(messageTemplateId) => set('messageTemplateId', messageTemplateId)}
            onKeyDown={keepEnterInField()}
            clearable
            searchable
          />
          <FormActions error={null} isPending={false} submitLabel="Done" onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
