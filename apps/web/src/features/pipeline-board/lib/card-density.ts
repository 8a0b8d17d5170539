import { useCallback, useState } from 'react';

/** How much a card shows: all its lines, or its name and one line (more cards on screen). */
export type CardDensity = 'comfortable' | 'compact';

/**
 * Each density's one card height (contact-card.css), so the virtual lists place cards by arithmetic.
 * Comfortable: 2 × 8 px padding, 2 × 1 px border, a 20 px name line, four 18 px lines, four 4 px gaps.
 * Compact: 2 × 6 px padding, 2 × 1 px border, the name line, one 18 px line and one gap.
 */
export const CARD_HEIGHTS: Record<CardDensity, number> = { comfortable: 126, compact: 56 };

const STORAGE_KEY = 'grouptrack:board-density';

function readDensity(): CardDensity {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'compact' ? 'compact' : 'comfortable';
  } catch {
    return 'comfortable';
  }
}

/** The board's card density, remembered by this browser. */
export function useCardDensity(): [CardDensity, (density: CardDensity) => void] {
  const [density, setDensity] = useState(readDensity);
  const choose = useCallback((next: CardDensity) => {
    setDensity(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Private modes may refuse storage; the choice then lasts as long as the page.
    }
  }, []);
  return [density, choose];
}
