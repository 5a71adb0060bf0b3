import type { Conversation } from '@parley/core';
import { useLocation } from 'react-router';
import { useChatStore } from '../chat/chat-store.ts';

/** Ids that name no saved conversation: the unsaved chat and the search view's pseudo-conversation. */
const unsaved = new Set(['new', 'search']);

/** SPEC point 2 (user menu): export needs a conversation id that is present and is neither new nor search. */
export function canExport(conversationId: string | null | undefined): conversationId is string {
  return Boolean(conversationId) && !unsaved.has(conversationId!);
}

/** The open, saved conversation the user menu exports, or null when there is none (new chat, search view, loading). */
export function useExportTarget(): Conversation | null {
  const onChat = useLocation().pathname.startsWith('/chat/');
  const conversation = useChatStore((s) => (s.status === 'ready' ? s.conversation : null));
  const conversationId = useChatStore((s) => s.conversationId);
  return onChat && conversation && canExport(conversationId) && conversation.conversationId === conversationId ? conversation : null;
}
