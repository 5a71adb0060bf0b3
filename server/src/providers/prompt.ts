import type { ChatTurn } from './types.ts';

/** A plain-text turn sent to an AI SDK model. */
export interface TextMessage {
  role: 'user' | 'assistant';
  content: string;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * The system prompt of a request: the custom assistant name (chatGptLabel / modelLabel) first,
 * then the prompt prefix (or Bing-style systemMessage), then any system turns of the branch.
 */
export function systemPrompt(options: Record<string, unknown>, turns: readonly ChatTurn[] = []): string | undefined {
  const label = text(options.chatGptLabel) ?? text(options.modelLabel);
  const parts = [
    label ? `You are ${label}.` : undefined,
    text(options.promptPrefix) ?? text(options.systemMessage),
    ...turns.filter((t) => t.role === 'system').map((t) => text(t.content)),
  ].filter((p): p is string => p !== undefined);
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}

/** The user/assistant turns of the branch, in order, as AI SDK messages. */
export function conversationMessages(turns: readonly ChatTurn[]): TextMessage[] {
  return turns
    .filter((t) => t.role !== 'system')
    .map((t) => ({ role: t.role === 'user' ? 'user' : 'assistant', content: t.content }));
}

/** The last user turn: what an image model is asked to draw. */
export function lastUserText(turns: readonly ChatTurn[]): string {
  return [...turns].reverse().find((t) => t.role === 'user')?.content ?? '';
}

export const numberOption = (options: Record<string, unknown>, ...keys: string[]): number | undefined => {
  for (const key of keys) {
    const value = options[key];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return undefined;
};
