import { ROOT_PARENT_ID, siblingsOf, type Message } from '@parley/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { visibleBranch } from './visible-branch.ts';
import { chat, useChatStore } from './chat-store.ts';
import { placeholderFor, userDraft } from './drafts.ts';

const request = userDraft({ messageId: 'u1', conversationId: 'c1', parentMessageId: ROOT_PARENT_ID, text: 'hi', endpoint: 'openAI', model: 'gpt-4o' });
const shown = () => visibleBranch(useChatStore.getState().messages, useChatStore.getState().choice).map((r) => r.message.messageId);

describe('chat store (the open conversation)', () => {
  beforeEach(() => chat.openNew());

  it('draws the request and its placeholder at once, on the shown branch', () => {
    chat.upsert([request, placeholderFor(request)]);
    expect(shown()).toEqual(['u1', 'u1_']);
  });

  it('swaps the placeholder for the saved reply in place and keeps showing it', () => {
    chat.upsert([request, placeholderFor(request)]);
    const saved: Message = { ...placeholderFor(request), messageId: 'r-saved', text: 'hello', unfinished: false };
    chat.replace('u1_', saved);
    expect(useChatStore.getState().messages.map((m) => m.messageId)).toEqual(['u1', 'r-saved']);
    expect(shown()).toEqual(['u1', 'r-saved']);
  });

  it('keeps the row the placeholder was drawn in for the saved reply, until another conversation opens', () => {
    chat.upsert([request, placeholderFor(request)]);
    chat.replace('u1_', { ...placeholderFor(request), messageId: 'r-saved', text: 'hello' });
    expect(useChatStore.getState().rowKeys).toEqual({ 'r-saved': 'u1_' });
    chat.openNew();
    expect(useChatStore.getState().rowKeys).toEqual({});
  });

  it('shows a regenerated reply as the newest sibling, and an explicit choice switches back', () => {
    const first: Message = { ...placeholderFor(request), messageId: 'r1', unfinished: false };
    chat.upsert([request, first]);
    chat.upsert([{ ...first, messageId: 'r2' }]);
    expect(shown()).toEqual(['u1', 'r2']);
    chat.choose('u1', 'r1');
    expect(shown()).toEqual(['u1', 'r1']);
  });

  it('keeps a reply whose continue failed, with its text, and shows the error as its newest sibling', () => {
    const reply: Message = { ...placeholderFor(request), messageId: 'r1', text: 'Once upon', unfinished: false };
    chat.upsert([request, reply]);
    const continuing = { ...reply, text: 'Once upon', unfinished: true };
    chat.upsert([continuing]);
    const error: Message = { ...reply, messageId: 'r1-failed', text: '{"type":"invalid_api_key"}', error: true };
    chat.keepWithError(continuing, error);
    const { messages } = useChatStore.getState();
    expect(messages.find((m) => m.messageId === 'r1')).toMatchObject({ text: 'Once upon', unfinished: false, error: false });
    expect(siblingsOf(messages, 'r1').map((m) => m.messageId)).toEqual(['r1', 'r1-failed']);
    expect(shown()).toEqual(['u1', 'r1-failed']);
    chat.choose('u1', 'r1');
    expect(shown()).toEqual(['u1', 'r1']);
  });

  it('ignores a load that finishes after another conversation was opened', () => {
    const stale = chat.startLoading('c1');
    chat.startLoading('c2');
    chat.loaded(stale, { conversationId: 'c1', title: 'old', endpoint: 'openAI', model: null, tools: [], createdAt: '', updatedAt: '' }, [request]);
    expect(useChatStore.getState()).toMatchObject({ conversationId: 'c2', status: 'loading', messages: [] });
  });
});

describe('a long conversation opened with its recent messages', () => {
  const conversation = { conversationId: 'c1', title: 'Long', endpoint: 'openAI', model: null, tools: [], createdAt: '', updatedAt: '' };
  const stored = (messageId: string, parentMessageId: string, text: string): Message => ({ ...request, messageId, parentMessageId, text });
  // u1 → a1 → u2 → a2, of which the page first gets u2 → a2.
  const all = [stored('u1', ROOT_PARENT_ID, 'q1'), stored('a1', 'u1', 'r1'), stored('u2', 'a1', 'q2'), stored('a2', 'u2', 'r2')];

  it('shows them at once, then takes the whole tree with what the page added or changed meanwhile', () => {
    const session = chat.startLoading('c1');
    chat.loaded(session, conversation, all.slice(2), false);
    expect(useChatStore.getState()).toMatchObject({ status: 'ready', complete: false });
    expect(shown()).toEqual(['u2', 'a2']);
    // Meanwhile a2 was edited and a question sent.
    chat.upsert([{ ...all[3]!, text: 'r2, edited' }]);
    chat.upsert([stored('u3', 'a2', 'q3')]);
    chat.loadedHistory(session, all);
    const { messages, complete } = useChatStore.getState();
    expect(complete).toBe(true);
    expect(messages.map((m) => m.text)).toEqual(['q1', 'r1', 'q2', 'r2, edited', 'q3']);
    expect(shown()).toEqual(['u1', 'a1', 'u2', 'a2', 'u3']);
  });

  it('ignores the whole tree after another conversation was opened, or a second time', () => {
    const session = chat.startLoading('c1');
    chat.loaded(session, conversation, all.slice(2), false);
    chat.loadedHistory(session, all);
    chat.loadedHistory(session, all.slice(0, 1));
    expect(useChatStore.getState().messages).toHaveLength(4);
    chat.startLoading('c2');
    chat.loadedHistory(session, all);
    expect(useChatStore.getState().messages).toEqual([]);
  });
});

describe('switching the model of an open conversation', () => {
  const conversation = { conversationId: 'c1', title: 'Chat', endpoint: 'openAI', model: 'gpt-4o', temperature: 0.3, chatGptLabel: 'Ada' };

  it('keeps the settings when the model changes on the same endpoint', () => {
    chat.setConversation(conversation as never);
    chat.switchModel('openAI', 'gpt-4o-mini');
    expect(useChatStore.getState().conversation).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 0.3, chatGptLabel: 'Ada' });
  });

  it('sends the next message to another endpoint with that endpoint’s defaults', () => {
    chat.setConversation(conversation as never);
    chat.switchModel('anthropic', 'claude-2');
    expect(useChatStore.getState().conversation).toMatchObject({ conversationId: 'c1', title: 'Chat', endpoint: 'anthropic', model: 'claude-2', temperature: 1, topP: 0.7, maxOutputTokens: 4000 });
  });
});

describe('a title written after the reply', () => {
  it('names the open conversation while it is still New Chat, and leaves a set title alone', () => {
    chat.setConversation({ conversationId: 'c2', title: 'New Chat', endpoint: 'openAI', model: 'gpt-4o' } as never);
    chat.adoptTitle('other', 'Elsewhere');
    chat.adoptTitle('c2', 'Trip to Kyoto');
    expect(useChatStore.getState().conversation?.title).toBe('Trip to Kyoto');
    chat.adoptTitle('c2', 'Something else');
    expect(useChatStore.getState().conversation?.title).toBe('Trip to Kyoto');
  });
});
