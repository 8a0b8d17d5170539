import type { AiContext } from '@grouptrack/domain';
import { AppError } from '../../platform/errors';

/**
 * What a writer is asked for: one of the seven calls with only the data that call needs. Whatever
 * came from contacts (names, answers, history) travels here as data and is quoted as such.
 */
export interface WriterContact {
  firstName: string;
  name: string;
  /** The pipeline the message is about and the contact's stage there, if any. */
  pipeline: string | null;
  stage: string | null;
  /** Their answers to the pipeline's membership questions. */
  answers: { question: string; answer: string }[];
}

export interface WriterHistoryItem {
  type: string;
  action: string;
  note: string | null;
  at: string;
}

export type WriterInput =
  | {
      call: 'next-best-message';
      context: AiContext;
      style: string;
      contact: WriterContact;
      history: WriterHistoryItem[];
      /** A template to start from, with its fields already filled for this contact. */
      template: string | null;
      senderName: string;
    }
  | {
      call: 'new-message-from-prompt';
      context: AiContext;
      style: string;
      prompt: string;
      contact: WriterContact | null;
      senderName: string;
    }
  | { call: 'analyze-writing-style'; messages: string[] }
  | {
      call: 'new-message-final';
      context: AiContext;
      style: string;
      draft: string;
      contact: WriterContact | null;
    }
  | { call: 'new-post-from-prompt'; context: AiContext; style: string; prompt: string }
  | { call: 'generate-message-template-prompt'; context: AiContext; goal: string }
  | {
      call: 'generate-message-template';
      context: AiContext;
      style: string;
      prompt: string;
      fields: string[];
    };

export interface WriteOptions {
  /** Aborted when the browser stops listening (Stop, a closed tab) or the answer takes too long. */
  signal: AbortSignal;
  /** Each piece of text as it is written, for the browser to show as it comes. */
  onText: (chunk: string) => void;
}

export interface Written {
  text: string;
  /** Tokens the outside service counted (0 offline: nothing was spent). */
  tokens: number;
}

/** A writer of AI answers: the OpenAI-compatible HTTP provider, or the offline one. */
export interface AiWriter {
  readonly provider: 'offline' | 'openai-compatible';
  write(input: WriterInput, options: WriteOptions): Promise<Written>;
}

/** The writer could not answer (down, an error, too slow): a 503 to try again, never a 500. */
export class AiUnavailableError extends AppError {
  constructor(message: string) {
    super(503, 'ai-unavailable', message);
  }
}

/** The browser stopped listening: nothing is answered or saved. */
export class AiStoppedError extends Error {
  constructor() {
    super('The AI answer was stopped.');
  }
}
