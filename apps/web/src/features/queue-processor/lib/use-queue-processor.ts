import { MESSAGES } from '@grouptrack/domain';
import type { SocialPlatform } from '@grouptrack/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { askExtension, sendQueueItemThroughExtension } from '../../../lib/extension-bridge';
import {
  leaseNextItem,
  queueStatusKey,
  reportQueueItem,
  pauseQueue,
  useSetQueueStatus,
} from '../api/queue-processor';
import { abortableSleep } from './abortable-sleep';
import { RETRY_MS, runProcessorRound } from './processor-loop';
import type { ProcessorDeps, ProcessorEvent, ProcessorState } from './processor-loop';

/** How many finished sends the page lists. */
const EVENTS_SHOWN = 20;

/**
 * Runs the queue processor while the page is open: round after round, it leases the next due item
 * and has the extension send it (processor-loop.ts). `wake` ends the current wait, after a pause or a
 * resume. Leaving the page stops it; a send under way then goes unreported, and its lease runs out.
 */
export function useQueueProcessor(teamUID: string, platform: SocialPlatform) {
  const queryClient = useQueryClient();
  const setStatus = useSetQueueStatus(teamUID, platform);
  const [state, setState] = useState<ProcessorState>({ phase: 'starting' });
  const [events, setEvents] = useState<ProcessorEvent[]>([]);
  const wakeRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const sleep = (ms: number) => abortableSleep(signal, ms, (wake) => (wakeRef.current = wake));
    const deps: ProcessorDeps = {
      platform,
      checkExtension: async () => {
        const check = await askExtension();
        return {
          ready: check.status === 'ok',
          message:
            check.status === 'not_installed' ? MESSAGES.extensionNotInstalled : MESSAGES.extensionNotLoggedIn,
          holdUntil: check.holdUntil ?? null,
        };
      },
      lease: () => {
        if (signal.aborted) return Promise.reject(new Error('The processor stopped.'));
        return leaseNextItem(teamUID, platform);
      },
      // A page being left never starts a send: its answer would have nobody to report it.
      send: (message, timeoutMs) =>
        signal.aborted ? Promise.resolve(null) : sendQueueItemThroughExtension(message, timeoutMs),
      report: async (itemId, report) => {
        try {
          return await reportQueueItem(teamUID, itemId, report);
        } catch (error) {
          if (isApiError(error, 409)) return 'lease-lost';
          throw error;
        }
      },
      pause: () => pauseQueue(teamUID, platform),
      sleep,
      now: () => Date.now(),
      onState: (next) => {
        if (signal.aborted) return;
        setState(next);
        if (next.phase === 'waiting' || next.phase === 'empty')
          void queryClient.invalidateQueries({ queryKey: queueStatusKey(teamUID, platform) });
      },
      onEvent: (event) => {
        if (!signal.aborted) setEvents((before) => [event, ...before].slice(0, EVENTS_SHOWN));
      },
      onStatus: (status) => {
        if (!signal.aborted) setStatus(status);
      },
      readRefusal: (error) =>
        isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : null,
    };
    void (async () => {
      while (!signal.aborted) {
        try {
          await runProcessorRound(deps);
        } catch {
          // A report or pause the server did not take: the round starts again after a moment.
          await sleep(RETRY_MS);
        }
      }
    })();
    return () => controller.abort();
  }, [teamUID, platform, queryClient, setStatus]);

  const wake = useCallback(() => wakeRef.current(), []);
  return { state, events, wake };
}
