import { useEffect } from 'react';
import { loadScript } from '../../../lib/load-script';

/** Loads the support widget script when the installation has one; a failure is only logged (SPEC §8). */
export function useHelpWidget(url: string | null | undefined): void {
  useEffect(() => {
    if (!url) return;
    loadScript(url).catch((error: unknown) => {
      console.error('The help widget could not be loaded.', error);
    });
  }, [url]);
}
