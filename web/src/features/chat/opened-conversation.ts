import type { Conversation, RecentMessages } from '@parley/core';
import { openedConversationSegment } from '../../api/early-requests.ts';
import { conversationsApi } from '../../api/conversations-api.ts';
import { preloadMarkdown } from '../messages/markdown/markdown.tsx';
import { messagesApi } from '../../api/messages-api.ts';
import { lazyThread } from './lazy-thread.ts';

/** A conversation and the end of its shown branch: what it opens with. */
export type LoadedConversation = [Conversation, RecentMessages];

let early: { conversationId: string; loaded: Promise<LoadedConversation> } | undefined;

/** Fetches what a conversation opens with: itself and the end of its shown branch. */
export function loadOpening(conversationId: string, signal?: AbortSignal): Promise<LoadedConversation> {
  return Promise.all([conversationsApi.get(conversationId, signal), messagesApi.recent(conversationId, signal)]);
}

/** The conversation id of a `/chat/<id>` address; none for `/chat/new` or another page. */
function conversationIdOf(pathname: string): string | undefined {
  const segment = openedConversationSegment(pathname);
  if (!segment) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * A page opened on a conversation (`/chat/<id>`, signed in) fetches it, its recent messages,
 * the thread and the markdown renderer at once, while the screens' code loads: rendered first,
 * the chat would ask for each only after the one before had arrived.
 */
export function prefetchOpenedConversation(pathname: string): void {
  const conversationId = conversationIdOf(pathname);
  if (!conversationId) return;
  void lazyThread.load();
  preloadMarkdown();
  const loaded = loadOpening(conversationId);
  // A failure is the opening's to report, when it takes this promise.
  loaded.catch(() => undefined);
  early = { conversationId, loaded };
}

/** The prefetched conversation and recent messages of `conversationId`, handed out once. */
export function takePrefetchedConversation(conversationId: string): Promise<LoadedConversation> | undefined {
  if (early?.conversationId !== conversationId) return undefined;
  const { loaded } = early;
  early = undefined;
  return loaded;
}
