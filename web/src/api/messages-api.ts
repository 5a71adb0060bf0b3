import { messageSchema, recentMessagesSchema, type Message, type RecentMessages } from '@parley/core';
import { z } from 'zod';
import { apiJson } from './client.ts';

const messageListSchema = z.array(messageSchema);

/** Calls of the message tree (SPEC point 7: messages). */
export const messagesApi = {
  list: (conversationId: string, signal?: AbortSignal): Promise<Message[]> =>
    apiJson(`/api/messages/${encodeURIComponent(conversationId)}`, { schema: messageListSchema, signal }),
  /** The end of the shown branch, which a conversation opens with (the server's default count). */
  recent: (conversationId: string, signal?: AbortSignal): Promise<RecentMessages> =>
    apiJson(`/api/messages/${encodeURIComponent(conversationId)}/recent`, { schema: recentMessagesSchema, signal }),
  /** Save an edit without asking again. */
  saveText: (conversationId: string, messageId: string, text: string, model: string | null): Promise<Message> =>
    apiJson(`/api/messages/${encodeURIComponent(conversationId)}/${encodeURIComponent(messageId)}`, {
      method: 'PUT',
      body: { text, ...(model ? { model } : {}) },
      schema: messageSchema,
    }),
};
