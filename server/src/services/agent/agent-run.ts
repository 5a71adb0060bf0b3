import type { LanguageModel } from 'ai';
import type { Logger } from '../../app/logger.ts';
import type { TextMessage } from '../../providers/prompt.ts';

/** What both agents work with: the model, the conversation so far, the run's abort signal and the log for failed tool calls. */
export interface AgentRun {
  model: LanguageModel;
  system?: string;
  messages: TextMessage[];
  temperature?: number;
  signal: AbortSignal;
  log: Logger;
}
