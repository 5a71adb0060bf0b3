// @vitest-environment happy-dom
import { createServer, type Server } from 'node:http';
import type { Conversation } from '@parley/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../state/auth-store.ts';
import { useConversationList } from './use-conversation-list.ts';
import { listenAsPage } from '../../api/listen-as-page.ts';

const conversation = (id: string, day: number): Conversation => ({
  conversationId: id,
  title: `Chat ${id}`,
  endpoint: 'openAI',
  model: 'gpt-4o',
  tools: [],
  createdAt: `2026-01-${String(day).padStart(2, '0')}T00:00:00.000Z`,
  updatedAt: `2026-01-${String(day).padStart(2, '0')}T00:00:00.000Z`,
});

/**
 * The list server: pages 1 and 2 hold conversations, page 3 is empty (the end). "b" is on both
 * pages, as when a conversation created while paging shifts the pages by one.
 */
const pages: Record<number, Conversation[]> = {
  1: [conversation('c', 3), conversation('b', 2)],
  2: [conversation('b', 2), conversation('a', 1)],
  3: [],
};
const requested: number[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    // The startup config is asked too (whether access keys exist); it is not this test's business.
    if (!req.url!.startsWith('/api/convos')) return void res.writeHead(404).end();
    const pageNumber = Number(new URL(req.url!, 'http://x').searchParams.get('pageNumber'));
    requested.push(pageNumber);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ conversations: pages[pageNumber] ?? [], pages: 2, pageNumber }));
  });
  // The page's origin is the test server, as the app's origin is Parley's.
  await listenAsPage(server);
  useAuthStore.setState({ status: 'authenticated' });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(cleanup);

function renderList() {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => useConversationList(), { wrapper });
}

describe('useConversationList', () => {
  it('loads page 1, then each next page on demand, merging without duplicates, and stops at an empty page', async () => {
    const { result } = renderList();
    await waitFor(() => expect(result.current.loadedPages).toBe(1));
    expect(result.current.conversations.map((c) => c.conversationId)).toEqual(['c', 'b']);
    expect(result.current.totalPages).toBe(2);

    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.loadedPages).toBe(2));
    expect(result.current.conversations.map((c) => c.conversationId)).toEqual(['c', 'b', 'a']);
    expect(result.current.hasNextPage).toBe(true);

    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.loadedPages).toBe(3));
    expect(result.current.hasNextPage).toBe(false);
    expect(requested).toEqual([1, 2, 3]);
  });
});
