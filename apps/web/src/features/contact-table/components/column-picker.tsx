import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import {
  CONTACT_COLUMN_LABELS,
  PIPELINE_COLUMN_IDS,
  moveColumn,
  toggleColumn,
  type ColumnPrefs,
} from '../lib/column-prefs';

export interface ColumnPickerProps {
  prefs: ColumnPrefs;
  onChange: (prefs: ColumnPrefs) => void;
  hasPipeline: boolean;
}

/** Chooses which columns the table shows and in what order. */
export function ColumnPicker({ prefs, onChange, hasPipeline }: ColumnPickerProps) {
  return (
    <Popover position="bottom-end" shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" size="sm">
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} role="group" aria-label="Columns to show">
          {prefs.order.map((id, index) => {
            const label = CONTACT_COLUMN_LABELS[id];
            return (
              <Group key={id} gap="xs" justify="space-between" wrap="nowrap">
                <Checkbox
                  label={
                    PIPELINE_COLUMN_IDS.includes(id) && !hasPipeline ? `${label} (with a pipeline)` : label
                  }
                  checked={!prefs.hidden.includes(id)}
                  onChange={() => onChange(toggleColumn(prefs, id))}
                />
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    aria-label={`Move ${label} earlier`}
                    disabled={index === 0}
                    onClick={() => onChange(moveColumn(prefs, id, -1))}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    aria-label={`Move ${label} later`}
                    disabled={index === prefs.order.length - 1}
                    onClick={() => onChange(moveColumn(prefs, id, 1))}
                  >
                    ↓
                  </ActionIcon>
                </Group>
              </Group>
            );
          })}
          <Text size="xs" c="dimmed">
            Kept for this team on this browser.
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
