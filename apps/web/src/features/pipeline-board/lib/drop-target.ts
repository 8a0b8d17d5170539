import type { Collision, CollisionDetection } from '@dnd-kit/core';
import type { CardPlace } from './board-state';

/** What a column or a card registers as a drop area: a column by its stage, a card also by its contact. */
export type DropData = { kind: 'column'; stageId: string } | { kind: 'card'; stageId: string; GTID: string };

/** Where a drag would land: a column, and the card it would go after or before (none: an empty column). */
export interface DropTarget {
  stageId: string;
  place?: CardPlace;
}

/** A card's drop area id; the column's is its stage id. */
export const cardDropId = (GTID: string) => `card:${GTID}`;

const isInside = (
  point: { x: number; y: number },
  rect: { left: number; right: number; top: number; bottom: number },
) => point.x >= rect.left && point.x <= rect.right && point.y >= rect.top && point.y <= rect.bottom;

/**
 * The board's collision rule: the column under the pointer (the dragged card's middle for a keyboard
 * drag), then of its cards on screen the one nearest in height, the dragged card left out. A drop in
 * the gap between two cards or below the last one still lands next to a card. The collision carries
 * the side, which the drop reads back as the place.
 */
export const boardCollision: CollisionDetection = ({
  active,
  collisionRect,
  droppableRects,
  droppableContainers,
  pointerCoordinates,
}) => {
  const point = pointerCoordinates ?? {
    x: collisionRect.left + collisionRect.width / 2,
    y: collisionRect.top + collisionRect.height / 2,
  };
  const column = droppableContainers.find((container) => {
    const rect = droppableRects.get(container.id);
    return (
      (container.data.current as DropData | undefined)?.kind === 'column' && rect && isInside(point, rect)
    );
  });
  if (!column) return [];
  const columnRect = droppableRects.get(column.id)!;
  const { stageId } = column.data.current as DropData;
  let nearest: Collision | null = null;
  let nearestDistance = Infinity;
  for (const container of droppableContainers) {
    const data = container.data.current as DropData | undefined;
    const rect = droppableRects.get(container.id);
    if (data?.kind !== 'card' || data.stageId !== stageId || data.GTID === active.id || !rect) continue;
    // Cards the column has scrolled out of view (the virtual list keeps a few) are not drop places.
    if (rect.bottom < columnRect.top || rect.top > columnRect.bottom) continue;
    const middle = rect.top + rect.height / 2;
    const distance = Math.abs(point.y - middle);
    if (distance < nearestDistance) {
      nearestDistance = distance;
      const place: CardPlace = point.y < middle ? { before: data.GTID } : { after: data.GTID };
      nearest = { id: container.id, data: { target: { stageId, place } satisfies DropTarget } };
    }
  }
  return [nearest ?? { id: column.id, data: { target: { stageId } satisfies DropTarget } }];
};

/** The drop target a drag event's collisions name, if any. */
export function dropTargetOf(collisions: Collision[] | null): DropTarget | null {
  return (collisions?.[0]?.data?.target as DropTarget | undefined) ?? null;
}

/** A drop target as one string ("after:<id>", "before:<id>", "" for a column's end), so a column re-renders only when its own changes. */
export function dropPlaceKey(target: DropTarget): string {
  if (!target.place) return '';
  return 'after' in target.place ? `after:${target.place.after}` : `before:${target.place.before}`;
}
