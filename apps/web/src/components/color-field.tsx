import { ColorInput, Group, Text } from '@mantine/core';
import { isHexColor, pickReadableFontColor } from '@grouptrack/domain';

export interface ColorFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The text shown on the colour, to preview its readable font colour. */
  previewText: string;
  error?: string | undefined;
}

/** A hex colour picker with a preview of text on that colour in the readable font colour. */
export function ColorField({ label, value, onChange, previewText, error }: ColorFieldProps) {
  const isValid = isHexColor(value);
  return (
    <div>
      <ColorInput
        label={label}
        format="hex"
        value={value}
        onChange={onChange}
        error={error}
        withEyeDropper={false}
      />
      {isValid && (
        <Group gap="xs" mt={6}>
          <Text size="xs" c="dimmed">
            Preview:
          </Text>
          <Text
            size="sm"
            px="sm"
            py={2}
            data-testid="color-preview"
            style={{ background: value, color: pickReadableFontColor(value), borderRadius: 6 }}
          >
            {previewText || 'Sample'}
          </Text>
        </Group>
      )}
    </div>
  );
}
