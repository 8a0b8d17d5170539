import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { DragEndEvent } from '@dnd-kit/core';
import { ActionIcon, Group, Paper } from '@mantine/core';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { applyPlacement, placeDroppedItem, placeSteppedItem } from '../lib/placement';
import type { Placement } from '../lib/pipelines';

export interface SortableListProps<T> {
  items: readonly T[];
  getId: (item: T) => string;
  /** The item's name, for the labels of its move controls. */
  getLabel: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** Saves one move in one write; the list shows the new order until it settles, and reports a failure itself. */
  onMove: (id: string, placement: Placement) => Promise<unknown>;
  /** Read-only lists show no handles. */
  canMove: boolean;
}

/** A vertical list that can be reordered by dragging a handle, or with its Move up / Move down buttons. */
export function SortableList<T>({
  items,
  getId,
  getLabel,
  renderItem,
  onMove,
  canMove,
}: SortableListProps<T>) {
  const [pendingOrder, setPendingOrder] = useState<string[] | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor),
  );
  const ids = items.map(getId);
  const byId = new Map(items.map((item) => [getId(item), item]));
  const shown = (pendingOrder ?? ids).map((id) => byId.get(id)).filter((item) => item !== undefined);

  async function move(id: string, placement: Placement | null) {
    if (!placement) return;
    setPendingOrder(applyPlacement(ids, id, placement));
    try {
      await onMove(id, placement);
    } catch {
      // The list goes back to the saved order; the page shows why the move failed.
    } finally {
      setPendingOrder(null);
    }
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    const activeId = String(active.id);
    void move(activeId, placeDroppedItem({ ids, activeId, overId: over ? String(over.id) : null }));
  }

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd}>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
        {shown.map((item, index) => {
          const id = getId(item);
          return (
            <SortableRow
              key={id}
              id={id}
              label={getLabel(item)}
              canMove={canMove && pendingOrder === null}
              isFirst={index === 0}
              isLast={index === shown.length - 1}
              onStep={(step) => void move(id, placeSteppedItem({ ids, activeId: id, step }))}
            >
              {renderItem(item)}
            </SortableRow>
          );
        })}
      </ul>
    </DndContext>
  );
}

interface SortableRowProps {
  id: string;
  label: string;
  canMove: boolean;
  isFirst: boolean;
  isLast: boolean;
  onStep: (step: -1 | 1) => void;
  children: ReactNode;
}

function SortableRow({ id, label, canMove, isFirst, isLast, onStep, children }: SortableRowProps) {
  const {
    attributes,
    listeners,
    setNodeRef: setDragRef,
    transform,
    isDragging,
  } = useDraggable({
    id,
    disabled: !canMove,
  });
  const { setNodeRef: setDropRef, isOver } = useDroppable({ id });
  return (
    <li ref={setDropRef} data-testid={`sortable-${id}`}>
      <Paper
        ref={setDragRef}
        withBorder
        p="xs"
        radius="md"
        style={{
          transform: transform ? `translate3d(0, ${transform.y}px, 0)` : undefined,
          position: 'relative',
          zIndex: isDragging ? 2 : undefined,
          boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
          outline: isOver && !isDragging ? '2px dashed var(--mantine-color-blue-5)' : undefined,
        }}
      >
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {canMove && (
            <Group gap={2} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Drag ${label}`}
                style={{ cursor: 'grab', touchAction: 'none' }}
                {...attributes}
                {...listeners}
              >
                <span aria-hidden>⠿</span>
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move ${label} up`}
                disabled={isFirst}
                onClick={() => onStep(-1)}
              >
                <span aria-hidden>↑</span>
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move ${label} down`}
                disabled={isLast}
                onClick={() => onStep(1)}
              >
                <span aria-hidden>↓</span>
              </ActionIcon>
            </Group>
          )}
          <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
        </Group>
      </Paper>
    </li>
  );
}
