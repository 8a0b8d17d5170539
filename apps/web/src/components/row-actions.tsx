import { Button, Group } from '@mantine/core';

/** Edit and Delete for one item of a list; `itemLabel` names it for screen readers ("task template Call"). */
export function RowActions({
  itemLabel,
  onEdit,
  onDelete,
}: {
  itemLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="default" aria-label={`Edit ${itemLabel}`} onClick={onEdit}>
        Edit
      </Button>
      <Button size="xs" variant="subtle" color="red" aria-label={`Delete ${itemLabel}`} onClick={onDelete}>
        Delete
      </Button>
    </Group>
  );
}
