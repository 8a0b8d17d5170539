import { isPageToFrameMessage } from '@grouptrack/domain';
import type { OverlayLookupResult, OverlayReadyMessage } from '@grouptrack/domain';
import { useEffect, useState } from 'react';
import { useLookUpKnownPeople } from '../api/known-people';
import { answerOverlayLookup } from './overlay-lookup';

/** The origin of the social page around the frame, when the browser says it (Chromium does). */
function readParentOrigin(): string | null {
  return window.location.ancestorOrigins?.[0] ?? null;
}

function postToParent(message: OverlayReadyMessage | OverlayLookupResult): void {
  window.parent.postMessage(message, readParentOrigin() ?? '*');
}

/** What the overlay has done so far, for its hidden status line. */
export interface OverlayActivity {
  lookups: number;
  /** Of the people last asked about, how many got a badge. */
  lastAsked: number;
  lastKnown: number;
}

/**
 * Answers the content script's look-ups of the people on a list page for the user's current team:
 * listens first, then says the overlay is ready, and posts each result back under its request's id.
 */
export function useOverlayLookups(teamUID: string): OverlayActivity {
  const lookUp = useLookUpKnownPeople(teamUID);
  const [activity, setActivity] = useState<OverlayActivity>({ lookups: 0, lastAsked: 0, lastKnown: 0 });

  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>) => {
      const origin = readParentOrigin();
      // Only the content script of the page around the frame asks; any other window is ignored.
      if (event.source !== window.parent || (origin !== null && event.origin !== origin)) return;
      const data = event.data;
      if (!isPageToFrameMessage(data) || data.type !== 'gt_overlay_lookup') return;
      void answerOverlayLookup(data, lookUp).then((result) => {
        postToParent(result);
        setActivity((before) => ({
          lookups: before.lookups + 1,
          lastAsked: data.people.length,
          lastKnown: result.badges.length,
        }));
      });
    };
    window.addEventListener('message', onMessage);
    // A look-up under way is still answered: the content script waits for each id it sent.
    return () => window.removeEventListener('message', onMessage);
  }, [lookUp]);

  // Declared after the listener, so a look-up sent straight back is heard.
  useEffect(() => {
    if (window.parent !== window) postToParent({ type: 'gt_overlay_ready' });
  }, []);

  return activity;
}
