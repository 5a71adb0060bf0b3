import { useEffect } from 'react';
import { useParams } from 'react-router';
import { chat, useChatStore } from '../state/chat-store.ts';
import { detachStream } from '../state/run-stream.ts';
import { SearchView } from '../features/search/search-view.tsx';
import { useSearchStore } from '../features/search/search-store.ts';

/**
 * `/search/:query?`: the search view. It is the pseudo-conversation `search`, so the conversation
 * that was open is closed (nothing is sent or exported from here, and the sidebar marks none as
 * open). A query arriving by URL (a link, back/forward) fills the sidebar box.
 */
export function SearchRoute() {
  const query = (useParams().query ?? '').trim();
  useEffect(() => {
    const open = useChatStore.getState();
    if (open.conversationId !== null || open.messages.length > 0) {
      detachStream();
      chat.openNew();
    }
  }, []);
  useEffect(() => {
    const store = useSearchStore.getState();
    if (store.text.trim() !== query) store.setText(query);
  }, [query]);
  return <SearchView query={query} />;
}
