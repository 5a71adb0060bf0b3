import type { ChatTurn, TurnAttachment } from './types.ts';

/** A turn sent to an AI SDK model: its text, and the pictures or PDFs that go with it. */
export interface TextMessage {
  role: 'user' | 'assistant';
  content: string;
  attachments?: TurnAttachment[];
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
    .map((t) => ({ role: t.role === 'user' ? 'user' : 'assistant', content: t.content, ...(t.attachments?.length ? { attachments: t.attachments } : {}) }));
}

/** The last user turn: what an image model is asked to draw. */
export function lastUserText(turns: readonly ChatTurn[]): string {
  return [...turns].reverse().find((t) => t.role === 'user')?.content ?? '';
}

/** The files of the last user turn: the picture a drawing model is asked to edit. */
export function lastUserAttachments(turns: readonly ChatTurn[]): TurnAttachment[] {
  return [...turns].reverse().find((t) => t.role === 'user')?.attachments ?? [];
}

export const numberOption = (options: Record<string, unknown>, ...keys: string[]): number | undefined => {
  for (const key of keys) {
    const value = options[key];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return undefined;
};
