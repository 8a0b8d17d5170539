import type { Config } from '../../platform/config';
import { createHttpWriter } from './http-writer';
import { createOfflineWriter } from './offline-writer';
import type { AiWriter } from './writer';

export { createAiService, type AiService } from './ai.service';
export { registerAiRoutes } from './ai.routes';

/** The OpenAI-compatible writer when an AI server or key is configured, else the offline one. */
export function createAiWriter(config: Config): AiWriter {
  if (!config.AI_BASE_URL && !config.AI_API_KEY) return createOfflineWriter();
  return createHttpWriter({
    baseUrl: config.AI_BASE_URL ?? 'https://api.openai.com/v1',
    apiKey: config.AI_API_KEY,
    model: config.AI_MODEL,
    timeoutMs: config.AI_TIMEOUT_MS,
  });
}
