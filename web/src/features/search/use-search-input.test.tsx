// @vitest-environment happy-dom
import { timings } from '@parley/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNavStore } from '../../state/nav-store.ts';
import { useSearchStore } from './search-store.ts';
import { useSearchInput } from './use-search-input.ts';

/** The hook inside the app's real router (browser history) and query client. */
function renderSearchInput() {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>{children}</BrowserRouter>
    </QueryClientProvider>
  );
  return renderHook(() => useSearchInput(), { wrapper });
}

const path = () => window.location.pathname;

beforeEach(() => {
  // The debounce runs on a fake clock: "350 ms after the last key" is checked to the millisecond.
  vi.useFakeTimers();
  window.history.replaceState(null, '', '/chat/new');
  useSearchStore.setState({ text: '' });
  useNavStore.setState({ drawerOpen: false });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useSearchInput', () => {
  it('opens /search/<query> once, 350 ms after the last key', () => {
    const { result } = renderSearchInput();
    act(() => result.current.onChange('he'));
    act(() => vi.advanceTimersByTime(timings.searchDebounce - 1));
    act(() => result.current.onChange('hello world'));
    act(() => vi.advanceTimersByTime(timings.searchDebounce - 1));
    expect(path()).toBe('/chat/new');
    expect(result.current.text).toBe('hello world');
    act(() => vi.advanceTimersByTime(1));
    expect(path()).toBe('/search/hello%20world');
  });

  it('searches at once on Enter and closes the phone drawer', () => {
    useNavStore.setState({ drawerOpen: true });
    const { result } = renderSearchInput();
    act(() => result.current.onChange('cats'));
    act(() => result.current.onKeyDown('Enter'));
    expect(path()).toBe('/search/cats');
    expect(useNavStore.getState().drawerOpen).toBe(false);
    // The pending debounce was dropped: nothing navigates again later.
    window.history.replaceState(null, '', '/search/other');
    act(() => vi.advanceTimersByTime(timings.searchDebounce * 2));
    expect(path()).toBe('/search/other');
  });

  it('clears the search and leaves the search view on Backspace in an empty box', () => {
    window.history.replaceState(null, '', '/search/cats');
    const { result } = renderSearchInput();
    act(() => result.current.onKeyDown('Backspace'));
    expect(path()).toBe('/chat/new');
    expect(useSearchStore.getState().text).toBe('');
  });

  it('keeps a query typed just before the box goes away (the drawer closing)', () => {
    const { result, unmount } = renderSearchInput();
    act(() => result.current.onChange('late'));
    unmount();
    expect(path()).toBe('/search/late');
  });
});
