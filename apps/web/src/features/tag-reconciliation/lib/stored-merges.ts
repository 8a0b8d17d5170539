import { useCallback, useState } from 'react';
import type { StartedMerge } from '../components/merge-progress';

const storageKey = (teamUID: string) => `grouptrack.tag-merges.${teamUID}`;

function readStored(teamUID: string): StartedMerge[] {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(storageKey(teamUID)) ?? '[]');
    return Array.isArray(stored) ? (stored as StartedMerge[]) : [];
  } catch {
    return [];
  }
}

/**
 * The merges started on the page, kept for the browser tab's session: a merge goes on on the server
 * when the page is reloaded, and its progress bar comes back with the page.
 */
export function useStoredMerges(
  teamUID: string,
): [StartedMerge[], (change: (current: StartedMerge[]) => StartedMerge[]) => void] {
  const [state, setState] = useState(() => ({ teamUID, merges: readStored(teamUID) }));
  const merges = state.teamUID === teamUID ? state.merges : readStored(teamUID);
  const update = useCallback(
    (change: (current: StartedMerge[]) => StartedMerge[]) =>
      setState((current) => {
        const next = change(current.teamUID === teamUID ? current.merges : readStored(teamUID));
        try {
          window.sessionStorage.setItem(storageKey(teamUID), JSON.stringify(next));
        } catch {
          // Private mode or a full storage: the bar lasts until the page is left.
        }
        return { teamUID, merges: next };
      }),
    [teamUID],
  );
  return [merges, update];
}
