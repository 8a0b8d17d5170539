import { Group, Input, NumberInput } from '@mantine/core';
import { useId } from 'react';
import { keepEnterInField } from '../../../lib/validate';
import type { GapValue } from '../lib/queue-settings-form';

export interface GapFieldProps {
  label: string;
  value: GapValue;
  error: string | undefined;
  onChange: (value: GapValue) => void;
}

/** A wait between two messages, typed as minutes and seconds. */
export function GapField({ label, value, error, onChange }: GapFieldProps) {
  const errorId = useId();
  const shared = {
    allowDecimal: false,
    allowNegative: false,
    w: 120,
    error: Boolean(error),
    'aria-describedby': error ? errorId : undefined,
    onKeyDown: keepEnterInField(),
  };
  return (
    <Input.Wrapper label={label} error={error} errorProps={{ id: errorId }}>
      <Group gap="xs" wrap="nowrap">
        <NumberInput
          {...shared}
          aria-label={`${label}: minutes`}
          min={0}
          max={1440}
          rightSection="min"
          value={value.minutes}
          onChange={(minutes) => onChange({ ...value, minutes })}
        />
        <NumberInput
          {...shared}
          aria-label={`${label}: seconds`}
          min={0}
          max={59}
          rightSection="s"
          value={value.seconds}
          onChange={(seconds) => onChange({ ...value, seconds })}
        />
      </Group>
    </Input.Wrapper>
  );
}
