import type { SharedV3ProviderOptions } from '@ai-sdk/provider';
import type { LanguageModel } from 'ai';
import type { Logger } from '../../app/logger.ts';
import type { TextMessage } from '../../providers/prompt.ts';

/** What both agents work with: the model, the conversation so far, the run's abort signal and the log for failed tool calls. */
export interface AgentRun {
  model: LanguageModel;
  system?: string;
  messages: TextMessage[];
  temperature?: number;
  providerOptions?: SharedV3ProviderOptions;
  /** False for models that refuse stop sequences (OpenAI reasoning models). */
  takesStop: boolean;
  /** False for models that refuse to continue an assistant turn (Claude from 4.6, and while thinking). */
  takesPrefill: boolean;
  signal: AbortSignal;
  log: Logger;
}
