// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { chat, useChatStore } from '../../state/chat-store.ts';
import { chatCommands } from './chat-commands.ts';

const commands = chatCommands({ onConversationCreated: () => undefined });

beforeEach(() => {
  chat.openNew();
  chat.setSetup({ endpoint: 'openAI', model: 'gpt-4o' });
});

describe('sending a message', () => {
  it('waits while the conversation is still opening: nothing is sent, so no branch starts at the root', () => {
    chat.startLoading('c1');
    expect(commands.send('Keep talking')).toBe(false);
    expect(useChatStore.getState()).toMatchObject({ messages: [], submitting: false, status: 'loading' });
  });
});
