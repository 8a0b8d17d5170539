import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type ContactFilter,
  type ContactFilterPatch,
  type ContactFilterValue,
  readContactFilters,
  replaceContactFilters,
  writeContactFilters,
} from '../lib/filter-params';

export interface ContactFilters {
  /** The structured filters, ready to spread into `objectToFilter`. */
  filter: ContactFilter;
  /** The free text, for `searchObj: { text }`. */
  text: string;
  /** Changes some filters; a key set to undefined (or an empty list) clears it. */
  set: (patch: ContactFilterPatch) => void;
  /** Replaces every filter at once, e.g. with a saved view. */
  replace: (value: ContactFilterValue) => void;
}

/** The contact filters kept in the page's URL, so a filtered view can be linked and reloaded. */
export function useContactFilters(): ContactFilters {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const value = useMemo(() => readContactFilters(new URLSearchParams(key)), [key]);
  const set = useCallback(
    (patch: ContactFilterPatch) =>
      setParams((current) => writeContactFilters(current, patch), { replace: true }),
    [setParams],
  );
  const replace = useCallback(
    (next: ContactFilterValue) => setParams((current) => replaceContactFilters(current, next)),
    [setParams],
  );
  return { filter: value.filter, text: value.text, set, replace };
}
