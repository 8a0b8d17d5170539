import { isPageToFrameMessage } from '@grouptrack/domain';
import type {
  InsertTextRequest,
  InsertTextResult,
  OnScreenPerson,
  SidebarReadyMessage,
  SocialPlatform,
} from '@grouptrack/domain';
import { useCallback, useEffect, useState } from 'react';

/** How long the sidebar waits for the page to say whether the text went in. */
const INSERT_TIMEOUT_MS = 5_000;

/** The origin of the social page around the frame, when the browser says it (Chromium does). */
function readParentOrigin(): string | null {
  return window.location.ancestorOrigins?.[0] ?? null;
}

/** Whether a message comes from the content script of the page around this frame. */
function isFromParent(event: MessageEvent<unknown>): boolean {
  const origin = readParentOrigin();
  return event.source === window.parent && (origin === null || event.origin === origin);
}

function postToParent(message: SidebarReadyMessage | InsertTextRequest): void {
  window.parent.postMessage(message, readParentOrigin() ?? '*');
}

let counter = 0;

/**
 * Puts text in the platform's message box through the content script, and answers whether it went
 * in (with the page's reason when not).
 */
export function insertText(text: string): Promise<Pick<InsertTextResult, 'inserted' | 'message'>> {
  counter += 1;
  const id = `insert-${Date.now().toString(36)}-${counter}`;
  return new Promise((resolve) => {
    const finish = (result: Pick<InsertTextResult, 'inserted' | 'message'>) => {
      window.clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(result);
    };
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data;
      if (!isFromParent(event) || !isPageToFrameMessage(data)) return;
      if (data.type === 'gt_insert_text_result' && data.id === id) finish(data);
    };
    const timer = window.setTimeout(
      () =>
        finish({
          inserted: false,
          message: "The page did not answer, so the message isn't in its message box. Use Copy instead.",
        }),
      INSERT_TIMEOUT_MS,
    );
    window.addEventListener('message', onMessage);
    postToParent({ type: 'gt_insert_text', id, text });
  });
}

/** The person on screen as the content script last said (null before it speaks or on a page of no one). */
export interface OnScreen {
  person: OnScreenPerson | null;
  pageKind: string | null;
  platform: SocialPlatform | null;
  groupId: string | null;
}

/**
 * Follows the person the content script says is on screen: says the sidebar is ready, then takes
 * each `gt_person` as the user moves around the site.
 */
export function useOnScreenPerson(): OnScreen {
  const [onScreen, setOnScreen] = useState<OnScreen>({
    person: null,
    pageKind: null,
    platform: null,
    groupId: null,
  });
  const onMessage = useCallback((event: MessageEvent<unknown>) => {
    const data = event.data;
    if (!isFromParent(event) || !isPageToFrameMessage(data) || data.type !== 'gt_person') return;
    setOnScreen({
      person: data.person,
      pageKind: data.pageKind,
      platform: data.platform,
      groupId: data.groupId,
    });
  }, []);
  useEffect(() => {
    window.addEventListener('message', onMessage);
    // Outside a frame there is no content script to tell.
    if (window.parent !== window) postToParent({ type: 'gt_sidebar_ready' });
    return () => window.removeEventListener('message', onMessage);
  }, [onMessage]);
  return onScreen;
}
