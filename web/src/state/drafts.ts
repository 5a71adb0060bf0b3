import { conversationFixedFields, placeholderResponseId, type Conversation, type Message } from '@parley/core';

interface DraftInput {
  messageId: string;
  conversationId: string | null;
  parentMessageId: string;
  text: string;
  endpoint: string;
  model: string;
  sender?: string;
}

function draft(input: DraftInput, isCreatedByUser: boolean): Message {
  const now = new Date().toISOString();
  return {
    messageId: input.messageId,
    conversationId: input.conversationId ?? '',
    parentMessageId: input.parentMessageId,
    sender: input.sender ?? (isCreatedByUser ? 'User' : ''),
    text: input.text,
    reasoning: null,
    isCreatedByUser,
    model: input.model,
    endpoint: input.endpoint,
    error: false,
    unfinished: !isCreatedByUser,
    cancelled: false,
    isEdited: false,
    finish_reason: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** The user's message as drawn before the server confirms it (`created`). */
export function userDraft(input: Omit<DraftInput, 'sender'>): Message {
  return draft(input, true);
}

/** The empty reply drawn at once under a request, with the id the server will stream it under. */
export function placeholderFor(request: Message, sender = ''): Message {
  return draft(
    {
      messageId: placeholderResponseId(request.messageId),
      conversationId: request.conversationId,
      parentMessageId: request.messageId,
      text: '',
      endpoint: request.endpoint ?? '',
      model: request.model ?? '',
      sender,
    },
    false,
  );
}

/** An error frame may carry a whole message or only `{error, text}`; this completes the latter. */
export function errorMessageFrom(data: Partial<Message> & { text?: string }, placeholder: Message): Message {
  return {
    ...placeholder,
    ...data,
    messageId: data.messageId ?? `${placeholder.messageId}error`,
    parentMessageId: data.parentMessageId ?? placeholder.parentMessageId,
    text: data.text ?? '',
    error: true,
    unfinished: false,
  };
}

const fixedFields: ReadonlySet<string> = new Set(conversationFixedFields);

/** The endpoint options a conversation carries (temperature, promptPrefix…), resent with each ask. */
export function conversationOptions(conversation: Conversation | null): Record<string, unknown> {
  if (!conversation) return {};
  return Object.fromEntries(Object.entries(conversation).filter(([key, value]) => !fixedFields.has(key) && value !== undefined));
}
