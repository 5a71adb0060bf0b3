import type { Conversation, SearchMessage, SearchResult } from '@parley/core';
import { presentConversation } from './present-conversation.ts';
import { presentMessage } from './present-message.ts';
import type { SearchPage } from '../services/search/message-search.ts';

/** Matching messages flagged as search results with their conversation's title, and each conversation once. */
export function presentSearchPage(page: SearchPage): SearchResult {
  const messages: SearchMessage[] = [];
  const conversations = new Map<string, Conversation>();
  for (const { message, conversation } of page.hits) {
    messages.push({ ...presentMessage(message), title: conversation.title, searchResult: true });
    if (!conversations.has(conversation.id)) conversations.set(conversation.id, presentConversation(conversation));
  }
  return { conversations: [...conversations.values()], messages, pages: page.pages, pageNumber: page.pageNumber };
}
