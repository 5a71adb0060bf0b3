import { timings } from '@parley/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { conversationsQueryKey } from '../../api/conversations-api.ts';
import { useNavStore } from '../../state/nav-store.ts';
import { searchPath, useSearchStore } from './search-store.ts';

const inSearchView = () => window.location.pathname.startsWith('/search');

/**
 * The search box's behaviour (SPEC points 4, 5 and 9): typing opens /search/<query> 350 ms
 * after the last key; emptying the box, its clear button, or Backspace in an empty box clears
 * the search, which resets the conversation list to page 1 and leaves the search view. Enter
 * searches at once and, on a phone, closes the drawer so the results show.
 */
export function useSearchInput() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const text = useSearchStore((s) => s.text);
  const setText = useSearchStore((s) => s.setText);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<string | null>(null);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
    setText('');
    void queryClient.resetQueries({ queryKey: conversationsQueryKey });
    if (inSearchView()) navigate('/chat/new');
  }, [navigate, queryClient, setText]);

  const search = useCallback(
    (value: string) => {
      clearTimeout(timer.current);
      pending.current = null;
      const query = value.trim();
      if (query === '') return clear();
      const path = searchPath(query);
      useSearchStore.getState().setOpened(query);
      if (window.location.pathname !== path) navigate(path, { replace: inSearchView() });
    },
    [clear, navigate],
  );

  // The drawer closing must not swallow a query typed just before it closed.
  const flush = useRef(search);
  flush.current = search;
  useEffect(
    () => () => {
      if (pending.current !== null) flush.current(pending.current);
    },
    [],
  );

  return {
    text,
    onChange(value: string) {
      setText(value);
      pending.current = value;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => search(value), timings.searchDebounce);
    },
    onKeyDown(key: string) {
      if (key === 'Enter') {
        search(useSearchStore.getState().text);
        useNavStore.getState().closeDrawer();
      } else if (key === 'Backspace' && useSearchStore.getState().text === '') clear();
    },
    clear,
  };
}
