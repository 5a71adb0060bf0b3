import type { Conversation } from '@parley/core';
import { describe, expect, it } from 'vitest';
import { mergePages } from './use-conversation-list.ts';

const convo = (conversationId: string, createdAt: string): Conversation => ({
  conversationId,
  title: conversationId,
  endpoint: 'openAI',
  model: 'gpt-4o',
  tools: [],
  createdAt,
  updatedAt: createdAt,
});

describe('mergePages (the sidebar conversation list)', () => {
  it('skips a conversation repeated on the next page and sorts newest first', () => {
    const pages = [
      { pageNumber: 1, pages: 2, conversations: [convo('b', '2024-01-02T00:00:00Z'), convo('a', '2024-01-01T00:00:00Z')] },
      { pageNumber: 2, pages: 2, conversations: [convo('a', '2024-01-01T00:00:00Z'), convo('c', '2024-01-03T00:00:00Z')] },
    ];
    expect(mergePages(pages).map((c) => c.conversationId)).toEqual(['c', 'b', 'a']);
  });

  it('keeps an empty page (the end of the list) harmless', () => {
    expect(mergePages([{ pageNumber: 1, pages: 1, conversations: [] }])).toEqual([]);
  });
});
