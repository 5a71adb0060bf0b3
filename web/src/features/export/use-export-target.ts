import type { Conversation } from '@parley/core';
import { useLocation } from 'react-router';
import { useChatStore } from '../../state/chat-store.ts';
import { canExport } from './export-target.ts';

/** The open, saved conversation the user menu exports, or null when there is none (new chat, search view, loading). */
export function useExportTarget(): Conversation | null {
  const onChat = useLocation().pathname.startsWith('/chat/');
  const conversation = useChatStore((s) => (s.status === 'ready' ? s.conversation : null));
  const conversationId = useChatStore((s) => s.conversationId);
  return onChat && conversation && canExport(conversationId) && conversation.conversationId === conversationId ? conversation : null;
}
