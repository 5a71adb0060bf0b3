import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useLeaveConversation } from '../state/use-leave-conversation.ts';
import { SearchView } from '../features/search/search-view.tsx';
import { useSearchStore } from '../features/search/search-store.ts';

/**
 * `/search/:query?`: the search view. It is the pseudo-conversation `search`, so the conversation
 * that was open is closed (nothing is sent or exported from here, and the sidebar marks none as
 * open). A query arriving by URL (a link, back/forward) fills the sidebar box.
 */
export function SearchRoute() {
  const query = (useParams().query ?? '').trim();
  useLeaveConversation();
  useEffect(() => {
    const store = useSearchStore.getState();
    // The box's own query comes back here while more may have been typed: only a query from
    // elsewhere (a link, back or forward) is written into the box.
    if (query !== store.opened && store.text.trim() !== query) store.setText(query);
    store.setOpened(null);
  }, [query]);
  return <SearchView query={query} />;
}
