import type { Message } from '@parley/core';
import { describe, expect, it } from 'vitest';
import type { MessageActionContext, MessageCommands } from './message-action.ts';
import { actionOutsideToolbar, availableActions } from './message-actions-registry.ts';
import { regenerateAction } from './regenerate-action.ts';

const reply = { messageId: 'r', parentMessageId: 'q', isCreatedByUser: false, text: 'Hello', error: false, finish_reason: 'length' } as Message;
const question = { ...reply, messageId: 'q', parentMessageId: '00000000-0000-0000-0000-000000000000', isCreatedByUser: true, finish_reason: null } as Message;

function context(over: Partial<MessageActionContext> & { endpoint?: string; canChange?: boolean } = {}, performed: string[] = []): MessageActionContext {
  const record = (name: string) => (message: Message, text?: string) => void performed.push(`${name} ${message.messageId}${text ? ` ${text}` : ''}`);
  const commands: MessageCommands = {
    regenerate: record('regenerate'),
    continueReply: record('continue'),
    editAndSubmit: record('editAndSubmit'),
    editReplyAndSubmit: record('editReplyAndSubmit'),
    saveEdit: async (message, text) => record('saveEdit')(message, text),
    fillInput: (text) => void performed.push(`fillInput ${text}`),
  };
  const { endpoint = 'openAI', canChange = true, ...rest } = over;
  return {
    message: reply,
    scope: { endpoint, canChange, submitting: false, commands },
    isLast: true,
    busy: false,
    copied: false,
    copy: (text) => void performed.push(`copy ${text}`),
    startEdit: () => void performed.push('startEdit'),
    ...rest,
  };
}

const names = (c: MessageActionContext) => availableActions(c).map((action) => action.name);

describe('the message actions', () => {
  it('offer copy, edit, regenerate and continue on the last reply cut short', () => {
    expect(names(context())).toEqual(['copy', 'edit', 'regenerate', 'continue']);
  });

  it('offer copy and edit on a question, and continue only on the last reply that did not stop', () => {
    expect(names(context({ message: question }))).toEqual(['copy', 'edit']);
    expect(names(context({ isLast: false }))).toEqual(['copy', 'edit', 'regenerate']);
    expect(names(context({ message: { ...reply, finish_reason: 'stop' } }))).toEqual(['copy', 'edit', 'regenerate']);
  });

  it('offer only copy while busy or without the right to change, and nothing but regenerate on an error', () => {
    expect(names(context({ busy: true }))).toEqual(['copy']);
    expect(names(context({ canChange: false }))).toEqual(['copy', 'continue']);
    expect(names(context({ message: { ...reply, error: true } }))).toEqual(['regenerate']);
  });

  it('offer no edit where the conversation lives upstream, and no continue where the endpoint cannot', () => {
    // Bing: a question may be edited (a new branch on a new upstream conversation), a reply not.
    expect(names(context({ endpoint: 'bingAI' }))).not.toContain('edit');
    expect(names(context({ endpoint: 'bingAI', message: { ...reply, isCreatedByUser: true } }))).toContain('edit');
    expect(names(context({ endpoint: 'google' }))).toEqual(['copy', 'edit', 'regenerate']);
  });

  it('perform through the chat commands, and the copy reads as copied once done', () => {
    const performed: string[] = [];
    const shown = context({}, performed);
    for (const action of availableActions(shown)) action.perform(shown);
    expect(performed).toEqual(['copy Hello', 'startEdit', 'regenerate r', 'continue r']);
    const copy = availableActions({ ...shown, copied: true })[0]!;
    expect([copy.label({ ...shown, copied: true }), copy.label(shown)]).toEqual(['chat.message.copied', 'chat.message.copy']);
  });

  it('give the options bar the regenerate action itself: on the last reply only, never while sending or without the right to change', () => {
    const performed: string[] = [];
    const { scope } = context({}, performed);
    const regenerate = actionOutsideToolbar(regenerateAction, reply, scope)!;
    expect(regenerate).toMatchObject({ label: 'chat.message.regenerate', Icon: regenerateAction.icon(context()) });
    regenerate.perform();
    expect(performed).toEqual(['regenerate r']);
    expect(actionOutsideToolbar(regenerateAction, question, scope)).toBeNull();
    expect(actionOutsideToolbar(regenerateAction, reply, { ...scope, submitting: true })).toBeNull();
    expect(actionOutsideToolbar(regenerateAction, reply, { ...scope, canChange: false })).toBeNull();
  });
});
