import type { LanguageModel } from 'ai';
import type { TextMessage } from '../../providers/prompt.ts';

/** What both agents work with: the model, the conversation so far, and the exchange's abort signal. */
export interface AgentRun {
  model: LanguageModel;
  system?: string;
  messages: TextMessage[];
  temperature?: number;
  signal: AbortSignal;
}
