import type { AiCall, AiRequest } from '@grouptrack/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { askAi, type AiAnswerOf } from './ask-ai';
import { aiKeys } from './ai-settings';

/**
 * One AI answer at a time for a piece of UI: the text as it streams in, whether it is still being
 * written, a Stop that ends it (keeping what was written so far on screen, not as a result), and
 * the error in words. A new request stops the one before.
 */
export function useAiWriter(teamUID: string) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [writing, setWriting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState(false);
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const run = useCallback(
    async <Call extends AiCall>(call: Call, body: AiRequest<Call>): Promise<AiAnswerOf<Call> | null> => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      setText('');
      setError(null);
      setWriting(true);
      try {
        const answer = await askAi(call, body, {
          signal: controller.signal,
          onText: (piece) => setText((before) => before + piece),
        });
        setText(answer.text);
        setDraft(answer.draft);
        return answer;
      } catch (failure) {
        if (!controller.signal.aborted) setError(formatErrorMessage(failure));
        return null;
      } finally {
        if (current.current === controller) {
          current.current = null;
          setWriting(false);
        }
        void queryClient.invalidateQueries({ queryKey: aiKeys.usage(teamUID) });
      }
    },
    [queryClient, teamUID],
  );

  const stop = useCallback(() => {
    current.current?.abort();
    current.current = null;
    setWriting(false);
  }, []);

  return { text, setText, writing, error, draft, run, stop };
}
