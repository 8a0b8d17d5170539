import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

/** How long an Undo stays offered: long enough to notice a slip, short enough not to linger. */
export const UNDO_WINDOW_MS = 8000;

let nextToastId = 0;

/**
 * A toast saying what was just done, with an "Undo" button (a real button, so Tab reaches it)
 * for about 8 seconds. `undo` runs once at most; the toast closes when it is pressed.
 */
export function showUndoToast(input: { message: string; undo: () => void; label?: string }): string {
  nextToastId += 1;
  const id = `undo-${nextToastId}`;
  let used = false;
  notifications.show({
    id,
    autoClose: UNDO_WINDOW_MS,
    withCloseButton: true,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{input.message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          aria-label={input.label ?? `Undo: ${input.message}`}
          onClick={() => {
            if (used) return;
            used = true;
            notifications.hide(id);
            input.undo();
          }}
        >
          Undo
        </Button>
      </Group>
    ),
  });
  return id;
}
