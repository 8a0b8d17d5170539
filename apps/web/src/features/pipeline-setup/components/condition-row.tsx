import { ActionIcon, Group, NumberInput, Select, TextInput } from '@mantine/core';
import { keepEnterInField } from '../../../lib/validate';
import { CONDITION_KIND_LABELS } from '../lib/describe-condition';
import type { ConditionKind } from '../lib/describe-condition';
import type { ConditionDraft } from '../lib/rule-form';

const KIND_OPTIONS = Object.entries(CONDITION_KIND_LABELS).map(([value, label]) => ({ value, label }));

function isConditionKind(value: string | null): value is ConditionKind {
  return value !== null && value in CONDITION_KIND_LABELS;
}

export interface ConditionRowProps {
  /** 1-based, for the labels ("Condition 2"). */
  position: number;
  draft: ConditionDraft;
  error: string | undefined;
  onChange: (draft: ConditionDraft) => void;
  onRemove: () => void;
}

/** One condition of a rule: its kind, the value that kind needs, and a way to remove it. */
export function ConditionRow({ position, draft, error, onChange, onRemove }: ConditionRowProps) {
  const set = <Field extends keyof ConditionDraft>(field: Field, value: ConditionDraft[Field]) =>
    onChange({ ...draft, [field]: value });
  return (
    <Group wrap="nowrap" align="flex-start" gap="xs">
      <Select
        label={`Condition ${position}`}
        data={KIND_OPTIONS}
        value={draft.kind}
        allowDeselect={false}
        onChange={(value) => {
          if (isConditionKind(value)) set('kind', value);
        }}
        onKeyDown={keepEnterInField()}
        w={220}
      />
      {(draft.kind === 'answer-contains' || draft.kind === 'answer-lacks') && (
        <TextInput
          style={{ flex: 1 }}
          label="Words"
          description="Separated by commas; whole words, any case"
          placeholder="crypto, forex"
          value={draft.words}
          onChange={(event) => set('words', event.currentTarget.value)}
          onKeyDown={keepEnterInField()}
          error={error}
        />
      )}
      {draft.kind === 'min-answer-length' && (
        <NumberInput
          style={{ flex: 1 }}
          label="Characters"
          min={1}
          max={5000}
          allowDecimal={false}
          allowNegative={false}
          value={draft.characters}
          onChange={(value) => set('characters', value)}
          onKeyDown={keepEnterInField()}
          error={error}
        />
      )}
      {draft.kind === 'lead-score-at-least' && (
        <NumberInput
          style={{ flex: 1 }}
          label="Score"
          min={0}
          max={100}
          allowDecimal={false}
          allowNegative={false}
          value={draft.score}
          onChange={(value) => set('score', value)}
          onKeyDown={keepEnterInField()}
          error={error}
        />
      )}
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        mt={25}
        aria-label={`Remove condition ${position}`}
        onClick={onRemove}
      >
        <span aria-hidden>×</span>
      </ActionIcon>
    </Group>
  );
}
