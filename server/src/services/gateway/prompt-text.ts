import type { ChatCompletionRequest } from '@parley/core';

/** The text of a message's content: a string, or its text parts joined (pictures and files are not text). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part: { type?: string; text?: unknown }) => (part.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('\n');
}

/** What a request sends as text (messages, tool definitions): the base of its token estimate. */
export function promptTextOf(request: Pick<ChatCompletionRequest, 'messages' | 'tools'>): string {
  const texts = request.messages.map((message) => contentText(message.content));
  if (request.tools) texts.push(JSON.stringify(request.tools));
  return texts.join('\n');
}
