import {
  AI_CLIENT_TOKEN_HEADER,
  AI_CLIENT_TOKENS,
  MESSAGES,
  type AiCall,
  type AiRequest,
  type aiAnswerSchemas,
} from '@grouptrack/domain';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { isExtensionFrame, requestThroughExtension } from '../../../lib/extension-transport';

/**
 * How long a frame waits for the extension to relay an answer: the server's own AI timeout is a
 * minute, and the extension answers sooner when it gives up.
 */
const FRAME_AI_TIMEOUT_MS = 75_000;

/** What a call answers in `data`. */
export type AiAnswerOf<Call extends AiCall> = z.infer<(typeof aiAnswerSchemas)[Call]>;

interface EventFrame {
  event: string;
  data: string;
}

function readFrame(raw: string): EventFrame {
  let event = 'message';
  const data: string[] = [];
  for (const line of raw.split(/\r?\n/)) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  return { event, data: data.join('\n') };
}

function errorOf(status: number, payload: unknown): ApiError {
  const error = (payload as { error?: { code?: string; message?: string } } | null)?.error;
  return new ApiError(status, error?.code ?? 'bad-response', error?.message || MESSAGES.somethingWentWrong);
}

interface AskOptions {
  signal?: AbortSignal;
  onText?: (text: string) => void;
}

/**
 * Inside the extension's frame the extension makes the call and relays one JSON answer per request,
 * so the answer comes whole, and its client token goes in the query, the relay carrying no headers.
 * Aborting stops the wait; the server finishes writing and the answer is dropped.
 */
async function askThroughExtension<Call extends AiCall>(
  call: Call,
  body: AiRequest<Call>,
  { signal, onText }: AskOptions,
): Promise<AiAnswerOf<Call>> {
  const path = `/api/v2/ai/${call}?clientToken=${encodeURIComponent(AI_CLIENT_TOKENS.extension)}`;
  const answer = await requestThroughExtension(path, {
    method: 'POST',
    body,
    signal,
    timeoutMs: FRAME_AI_TIMEOUT_MS,
  });
  const payload = answer.body as { data?: AiAnswerOf<Call> } | null;
  if (answer.status < 200 || answer.status >= 300 || !payload?.data) throw errorOf(answer.status, payload);
  onText?.(payload.data.text);
  return payload.data;
}

/**
 * Calls one of the seven AI calls (SPEC §7: POST /api/v2/ai/<name> with the client token header)
 * and streams its answer: `onText` gets each piece as it is written, and the promise ends with the
 * whole answer. Aborting `signal` (a Stop button) stops the writer on the server as well. Inside the
 * extension's frame the answer comes whole (askThroughExtension).
 */
export async function askAi<Call extends AiCall>(
  call: Call,
  body: AiRequest<Call>,
  { signal, onText }: AskOptions = {},
): Promise<AiAnswerOf<Call>> {
  if (isExtensionFrame()) return askThroughExtension(call, body, { signal, onText });
  let response: Response;
  try {
    response = await fetch(`/api/v2/ai/${call}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        accept: 'text/event-stream, application/json',
        'content-type': 'application/json',
        [AI_CLIENT_TOKEN_HEADER]: AI_CLIENT_TOKENS.web,
      },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network', 'Could not reach GroupTrack. Check your connection and try again.');
  }
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const payload = (await response.json().catch(() => null)) as { data?: AiAnswerOf<Call> } | null;
    if (!response.ok || !payload?.data) throw errorOf(response.status, payload);
    onText?.(payload.data.text);
    return payload.data;
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = readFrame(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      const payload = JSON.parse(frame.data) as unknown;
      if (frame.event === 'text') onText?.((payload as { text: string }).text);
      else if (frame.event === 'done') return (payload as { data: AiAnswerOf<Call> }).data;
      else if (frame.event === 'error') throw errorOf(503, payload);
    }
  }
  throw new ApiError(503, 'ai-unavailable', 'The AI answer ended before it was complete. Try again.');
}
