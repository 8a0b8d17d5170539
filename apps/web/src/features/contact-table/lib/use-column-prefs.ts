import { useCallback, useState } from 'react';
import { formatColumnPrefsKey, parseColumnPrefs, type ColumnPrefs } from './column-prefs';

function readStored(teamUID: string): ColumnPrefs {
  try {
    return parseColumnPrefs(window.localStorage.getItem(formatColumnPrefsKey(teamUID)));
  } catch {
    return parseColumnPrefs(null);
  }
}

/** The team's column choice, kept in localStorage. */
export function useColumnPrefs(teamUID: string): [ColumnPrefs, (prefs: ColumnPrefs) => void] {
  const [state, setState] = useState(() => ({ teamUID, prefs: readStored(teamUID) }));
  const prefs = state.teamUID === teamUID ? state.prefs : readStored(teamUID);
  const update = useCallback(
    (next: ColumnPrefs) => {
      setState({ teamUID, prefs: next });
      try {
        window.localStorage.setItem(formatColumnPrefsKey(teamUID), JSON.stringify(next));
      } catch {
        // Private mode or a full storage: the choice lasts for this visit only.
      }
    },
    [teamUID],
  );
  return [prefs, update];
}
