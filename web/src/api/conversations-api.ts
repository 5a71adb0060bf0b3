import {
  conversationPageSchema,
  conversationSchema,
  deletedCountSchema,
  type ArchiveConversationBody,
  type ClearConversationsBody,
  type Conversation,
  type ConversationPage,
  type DeletedCount,
  type RenameConversationBody,
} from '@parley/core';
import { apiJson } from './client.ts';

/** Calls of the conversation list (SPEC point 7: convos). */
export const conversationsApi = {
  page: (pageNumber: number, signal?: AbortSignal): Promise<ConversationPage> =>
    apiJson(`/api/convos?pageNumber=${pageNumber}`, { schema: conversationPageSchema, signal }),
  get: (conversationId: string, signal?: AbortSignal): Promise<Conversation> =>
    apiJson(`/api/convos/${encodeURIComponent(conversationId)}`, { schema: conversationSchema, signal }),
  rename: (conversationId: string, title: string): Promise<Conversation> =>
    apiJson('/api/convos/update', { body: { arg: { conversationId, title } } satisfies RenameConversationBody, schema: conversationSchema }),
  remove: (conversationId: string): Promise<DeletedCount> =>
    apiJson('/api/convos/clear', { body: { arg: { conversationId, source: 'button' } } satisfies ClearConversationsBody, schema: deletedCountSchema }),
  archived: (pageNumber: number, signal?: AbortSignal): Promise<ConversationPage> =>
    apiJson(`/api/convos/archived?pageNumber=${pageNumber}`, { schema: conversationPageSchema, signal }),
  /** Archives a conversation (it leaves the sidebar's list) or brings it back. */
  archive: (conversationId: string, archived: boolean): Promise<Conversation> =>
    apiJson('/api/convos/archive', { body: { conversationId, archived } satisfies ArchiveConversationBody, schema: conversationSchema }),
  clearAll: (): Promise<DeletedCount> =>
    apiJson('/api/convos/clear', { body: { arg: {} } satisfies ClearConversationsBody, schema: deletedCountSchema }),
};

export const conversationsQueryKey = ['convos'] as const;

/** The settings' list of archived conversations. */
export const archivedQueryKey = ['archivedConvos'] as const;
