import { createOpenAI } from '@ai-sdk/openai';
import { upstreamModel } from '@parley/core';
import type { LanguageModel } from 'ai';
import type { ChatRequest } from '../../providers/types.ts';

const defaultBaseURL = 'https://api.openai.com/v1';

/**
 * The agent's model through OpenAI Chat Completions (`tools` / `tool_calls` / `role: tool`), on
 * the gptPlugins endpoint's account: the server's OpenAI key and base URL or the user's own.
 */
export function agentModel(request: Pick<ChatRequest, 'apiKey' | 'baseURL'>, model: string): LanguageModel {
  const openai = createOpenAI({ apiKey: request.apiKey, baseURL: request.baseURL ?? defaultBaseURL });
  return openai.chat(upstreamModel('gptPlugins', model).id);
}
