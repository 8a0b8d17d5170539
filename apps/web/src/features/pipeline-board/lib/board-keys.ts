/**
 * Arrow keys over the board's cards (a roving focus: each column is one tab stop). The columns are
 * virtual lists, so this reads the cards mounted in the page rather than the board's state: the card
 * focused is always on screen, and its neighbours are among the few rows kept around it.
 */
const CARD = '[data-card-id]';
const COLUMN = '[data-stage-id]';

/** The element of a card that takes focus: the link to the contact. */
export const cardFocusTarget = (card: Element) => card.querySelector<HTMLElement>('a');

/** The card element an arrow key goes to from `card`, or null at the board's edge. */
export function cardInDirection(region: HTMLElement, card: HTMLElement, key: string): HTMLElement | null {
  const column = card.closest<HTMLElement>(COLUMN);
  if (!column) return null;
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const cards = [...column.querySelectorAll<HTMLElement>(CARD)];
    return cards[cards.indexOf(card) + (key === 'ArrowUp' ? -1 : 1)] ?? null;
  }
  if (key !== 'ArrowLeft' && key !== 'ArrowRight') return null;
  const columns = [...region.querySelectorAll<HTMLElement>(COLUMN)];
  const step = key === 'ArrowLeft' ? -1 : 1;
  const middle = middleOf(card.getBoundingClientRect());
  // The nearest card at the same height in the next column that has one on screen.
  for (let index = columns.indexOf(column) + step; index >= 0 && index < columns.length; index += step) {
    const list = columns[index]!.querySelector<HTMLElement>('[data-testid="column-scroll"]');
    const view = list?.getBoundingClientRect();
    let nearest: HTMLElement | null = null;
    let nearestDistance = Infinity;
    for (const other of columns[index]!.querySelectorAll<HTMLElement>(CARD)) {
      const rect = other.getBoundingClientRect();
      if (view && (rect.bottom <= view.top || rect.top >= view.bottom)) continue;
      const distance = Math.abs(middleOf(rect) - middle);
      if (distance < nearestDistance) {
        nearest = other;
        nearestDistance = distance;
      }
    }
    if (nearest) return nearest;
  }
  return null;
}

function middleOf(rect: DOMRect): number {
  return rect.top + rect.height / 2;
}
