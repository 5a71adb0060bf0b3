import type { Conversation } from '@parley/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { chat, useChatStore } from '../../state/chat-store.ts';
import { currentSetupOf, setCurrentOptions } from './current-setup.ts';
import { writeOption } from './option-paths.ts';

const current = () => currentSetupOf(useChatStore.getState());

const saved: Conversation = {
  conversationId: 'c1',
  title: 'Saved',
  endpoint: 'gptPlugins',
  model: 'gpt-4',
  tools: ['calculator'],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  temperature: 0.4,
  agentOptions: { agent: 'functions', skipCompletion: true, temperature: 0 },
};

describe('the settings panel writes where the next message reads', () => {
  beforeEach(() => {
    chat.openNew();
    chat.setSetup({ endpoint: 'openAI', model: 'gpt-4o' });
  });

  it('keeps a new conversation’s choices in its setup, merged field by field', () => {
    setCurrentOptions({ temperature: 0.3 });
    setCurrentOptions({ top_p: 0.5 });
    expect(current()).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o', options: { temperature: 0.3, top_p: 0.5 }, saved: false });
  });

  it('edits an open conversation’s own options (resent with its next ask), nested agent options included', () => {
    chat.setConversation(saved);
    expect(current()).toMatchObject({ endpoint: 'gptPlugins', options: { temperature: 0.4 }, tools: ['calculator'], saved: true });
    setCurrentOptions(writeOption(current()!.options, 'agentOptions.temperature', 1.5));
    const conversation = useChatStore.getState().conversation!;
    expect(conversation.agentOptions).toEqual({ agent: 'functions', skipCompletion: true, temperature: 1.5 });
    expect(conversation.temperature).toBe(0.4);
    expect(useChatStore.getState().setup?.options).toBeUndefined();
  });
});
