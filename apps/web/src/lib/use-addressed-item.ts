import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** The item a link names in the address (`?task=<id>`), as the page that lists it opens it. */
export interface AddressedItem<T> {
  /** The item named, once its list has loaded and holds it; null otherwise. */
  item: T | null;
  /** Whether the loaded list does not hold the item named (deleted, or not the reader's). */
  isMissing: boolean;
  /** Takes the name out of the address, in place of the entry, so Back does not open it again. */
  close: () => void;
}

/**
 * Finds the item named by the address parameter `param` in `items` (undefined while they load). The
 * item is looked up once per name: a list read again while its form is open (a live change moving a
 * task between the open and completed lists) neither closes the form nor calls the item missing.
 */
export function useAddressedItem<T>({
  param,
  items,
  idOf,
}: {
  param: string;
  items: readonly T[] | undefined;
  idOf: (item: T) => string;
}): AddressedItem<T> {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const id = params.get(param);
  const [found, setFound] = useState<{ id: string; item: T | null } | null>(null);
  if (id && items && found?.id !== id)
    setFound({ id, item: items.find((each) => idOf(each) === id) ?? null });
  if (!id && found) setFound(null);
  const current = id && found?.id === id ? found : null;

  function close() {
    if (!params.has(param)) return;
    setParams(
      (before) => {
        const next = new URLSearchParams(before);
        next.delete(param);
        return next;
      },
      // The page's own state (the list a contact was opened from) stays with the entry.
      { replace: true, state: location.state as unknown },
    );
  }

  return { item: current?.item ?? null, isMissing: current !== null && current.item === null, close };
}
