import { buildChatMessages } from './prompts';
import {
  AiStoppedError,
  AiUnavailableError,
  type AiWriter,
  type WriteOptions,
  type WriterInput,
} from './writer';

export interface HttpWriterOptions {
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (Ollama). */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

interface CompletionChunk {
  choices?: { delta?: { content?: string | null } }[];
  usage?: { total_tokens?: number } | null;
}

/** Reads Server-Sent Events' data lines from a streamed body, one at a time. */
async function* readEventData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(bytes, { stream: true });
    let end: number;
    while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      const data = event
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data) yield data;
    }
  }
}

/**
 * The OpenAI-compatible provider: chat completions with `stream: true`, as OpenAI, Ollama, vLLM and
 * LM Studio answer them. Text is passed on as it arrives; a browser that stops listening aborts the
 * request upstream, and an answer slower than the timeout is given up.
 */
export function createHttpWriter(options: HttpWriterOptions): AiWriter {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const host = new URL(url).host;

  return {
    provider: 'openai-compatible',

    async write(input: WriterInput, { signal, onText }: WriteOptions) {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const both = AbortSignal.any([signal, timeout]);
      const fail = (error: unknown): never => {
        if (signal.aborted) throw new AiStoppedError();
        if (timeout.aborted) {
          throw new AiUnavailableError(
            `The AI writer took longer than ${Math.round(options.timeoutMs / 1000)} seconds and was stopped. Try again.`,
          );
        }
        if (error instanceof AiUnavailableError) throw error;
        throw new AiUnavailableError(`The AI writer at ${host} could not be reached. Try again in a moment.`);
      };

      let text = '';
      let tokens = 0;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...(options.apiKey && { authorization: `Bearer ${options.apiKey}` }),
          },
          body: JSON.stringify({
            model: options.model,
            messages: buildChatMessages(input),
            stream: true,
            stream_options: { include_usage: true },
          }),
          signal: both,
        });
        if (!response.ok || !response.body) {
          await response.body?.cancel();
          throw new AiUnavailableError(
            response.status === 429
              ? 'The AI writer is busy (it answered 429: too many requests). Try again in a minute.'
              : `The AI writer answered with an error (${response.status}). Try again in a moment.`,
          );
        }
        for await (const data of readEventData(response.body)) {
          if (data === '[DONE]') break;
          let chunk: CompletionChunk;
          try {
            chunk = JSON.parse(data) as CompletionChunk;
          } catch {
            throw new AiUnavailableError(
              'The AI writer answered with something that is not a chat completion.',
            );
          }
          const piece = chunk.choices?.[0]?.delta?.content ?? '';
          if (piece) {
            text += piece;
            onText(piece);
          }
          if (chunk.usage?.total_tokens) tokens = chunk.usage.total_tokens;
        }
      } catch (error) {
        fail(error);
      }
      if (!text.trim()) throw new AiUnavailableError('The AI writer answered with no text. Try again.');
      // A server that counts no usage in streams is charged by the usual estimate of 4 characters a token.
      const estimate = Math.ceil((JSON.stringify(buildChatMessages(input)).length + text.length) / 4);
      return { text: text.trim(), tokens: tokens || estimate };
    },
  };
}
