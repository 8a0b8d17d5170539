import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { isListReturn, readListView, saveListView } from '../../../lib/list-origin';

/**
 * Keeps where the board was scrolled (across its stages, and down each column) for its address while
 * the user is on a contact, and puts it back when they return. Scroll events do not bubble, so one
 * listener on the stages' region catches them all in the capture phase.
 */
export function useBoardViewMemory(url: string): (region: HTMLElement | null) => void {
  const [region, setRegion] = useState<HTMLElement | null>(null);
  const state: unknown = useLocation().state;
  const navigationType = useNavigationType();
  const [returnedTo] = useState(() => (isListReturn(state, navigationType) ? readListView(url) : {}));
  const leaving = useRef({ url, scrollLeft: returnedTo.scrollLeft ?? 0, columns: { ...returnedTo.columns } });
  useEffect(() => {
    leaving.current.url = url;
  });

  useEffect(() => {
    if (!region) return;
    const onScroll = (event: Event) => {
      const target = event.target;
      if (target === region) leaving.current.scrollLeft = region.scrollLeft;
      else if (target instanceof HTMLElement) {
        const stageId = target.closest<HTMLElement>('[data-stage-id]')?.dataset.stageId;
        if (stageId) leaving.current.columns[stageId] = target.scrollTop;
      }
    };
    region.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => region.removeEventListener('scroll', onScroll, { capture: true });
  }, [region]);

  useEffect(
    () => () => {
      const { url, scrollLeft, columns } = leaving.current;
      saveListView(url, { scrollLeft, columns });
    },
    [],
  );

  // The region mounts with its columns and their full heights, so the scroll can be put back at once.
  const isRestored = useRef(false);
  useEffect(() => {
    if (!region || isRestored.current) return;
    isRestored.current = true;
    if (returnedTo.scrollLeft) region.scrollTo({ left: returnedTo.scrollLeft });
    for (const [stageId, scrollTop] of Object.entries(returnedTo.columns ?? {})) {
      // The column's list is the element of the column that scrolls (board-column.tsx).
      const list = region.querySelector<HTMLElement>(
        `[data-stage-id="${CSS.escape(stageId)}"] [data-testid="column-scroll"]`,
      );
      list?.scrollTo({ top: scrollTop });
    }
  }, [region, returnedTo]);

  return setRegion;
}
