import type { TestClient } from './test-client';

export interface StreamedEvent {
  id: number;
  entity: string;
  op: string;
  ids: string[];
  data: Record<string, unknown> | null;
  pipelineId: string | null;
}

/** Reads a team's change stream as a browser's EventSource would. */
export function openEventStream(client: TestClient, teamUID: string, lastEventId?: number) {
  return openStream<StreamedEvent>(client, `/api/v1/teams/${teamUID}/events`, lastEventId);
}

/** Reads any Server-Sent Events stream of the API, keeping each event's parsed data. */
export async function openStream<T>(client: TestClient, path: string, lastEventId?: number) {
  const controller = new AbortController();
  const headers: Record<string, string> = { cookie: client.cookieHeader() };
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const response = await fetch(`${client.baseUrl}${path}`, {
    headers,
    signal: controller.signal,
  });
  const received: T[] = [];
  /** Each received event's name (`event:` line), in the same order as `received`. */
  const names: string[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  const pump = async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) {
            received.push(JSON.parse(data) as T);
            names.push(block.match(/^event: (.*)$/m)?.[1] ?? 'message');
          }
          waiters.splice(0).forEach((wake) => wake());
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      ended = true;
      waiters.splice(0).forEach((wake) => wake());
    }
  };
  if (response.ok) void pump();
  return {
    status: response.status,
    received,
    names,
    get ended() {
      return ended;
    },
    /** Resolves with the first event that matches, failing after a few seconds. */
    async next(match: (event: T) => boolean, timeoutMs = 5000): Promise<T> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (ended) throw new Error('the stream ended');
        if (Date.now() > deadline) throw new Error(`no matching event; received ${JSON.stringify(received)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => controller.abort(),
  };
}
