import type { ChatRequest } from '../types.ts';

/**
 * The API an OpenAI reasoning model is called through: the operator's `OPENAI_API`, else the
 * Responses API on api.openai.com (the one that streams a reasoning summary) and Chat
 * Completions on any other base URL, since most relays and compatible servers speak only that.
 */
export function openAIApiOf(request: Pick<ChatRequest, 'settings'>, baseURL: string): 'responses' | 'chat' {
  if (request.settings?.openAIApi) return request.settings.openAIApi;
  return new URL(baseURL).hostname === 'api.openai.com' ? 'responses' : 'chat';
}
