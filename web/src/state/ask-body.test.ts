import { askRequestSchema, ROOT_PARENT_ID, type Message } from '@parley/core';
import { describe, expect, it } from 'vitest';
import { askBody } from './ask-body.ts';
import { placeholderFor, userDraft } from './drafts.ts';

const to = { endpoint: 'openAI', model: 'gpt-4o', options: { temperature: 0.4, model: 'option-model', isContinued: true } };
const request = userDraft({ messageId: 'u1', conversationId: 'c1', parentMessageId: 'p0', text: 'Tell me a story', endpoint: 'openAI', model: 'gpt-4o' });
const reply: Message = { ...placeholderFor(request), messageId: 'r1', text: 'Once upon' };

describe('askBody', () => {
  it('sends a new message under its parent with the endpoint options beside it', () => {
    const body = askRequestSchema.parse(askBody(to, null, { kind: 'send', text: 'Hi', parentMessageId: ROOT_PARENT_ID, messageId: 'u9' }));
    expect(body).toMatchObject({ text: 'Hi', conversationId: null, parentMessageId: ROOT_PARENT_ID, messageId: 'u9', endpoint: 'openAI', temperature: 0.4 });
  });

  it('regenerates a reply as a sibling: same parent as the request, overriding the request as its parent', () => {
    const body = askRequestSchema.parse(askBody(to, 'c1', { kind: 'regenerate', request }));
    expect(body).toMatchObject({ text: 'Tell me a story', conversationId: 'c1', parentMessageId: 'p0', overrideParentMessageId: 'u1', isRegenerate: true });
  });

  it('continues a reply from the text it has so far', () => {
    const body = askRequestSchema.parse(askBody(to, 'c1', { kind: 'continue', request, reply, generation: 'Once upon' }));
    expect(body).toMatchObject({ text: '', parentMessageId: 'u1', isContinued: true, responseMessageId: 'r1', generation: 'Once upon' });
  });

  it('never lets an endpoint option overwrite a field that steers the ask', () => {
    const body = askBody(to, 'c1', { kind: 'send', text: 'Hi', parentMessageId: 'u1', messageId: 'u2' });
    expect(body.model).toBe('gpt-4o');
    expect(askRequestSchema.parse(askBody({ ...to, options: { isContinued: false } }, 'c1', { kind: 'continue', request, reply, generation: '' })).isContinued).toBe(true);
  });
});
