import { describe, expect, it } from 'vitest';
import { ROOT_PARENT_ID } from '../config/timings.ts';
import { askRequestSchema, editMessageSchema } from './ask.ts';
import { chatErrorText, parseChatErrorText } from './chat-error.ts';
import { placeholderResponseId } from './message.ts';

describe('askRequestSchema', () => {
  it('defaults a new conversation to the root parent and keeps endpoint options', () => {
    const body = askRequestSchema.parse({ text: '  hi  ', endpoint: 'openAI', model: 'gpt-4o', temperature: 0.5 });
    expect(body).toMatchObject({ text: 'hi', conversationId: null, parentMessageId: ROOT_PARENT_ID, temperature: 0.5 });
  });

  it('rejects blank text unless the reply is continued', () => {
    expect(askRequestSchema.safeParse({ text: '   ', endpoint: 'openAI', model: 'm' }).success).toBe(false);
    const continued = { text: '', endpoint: 'openAI', model: 'm', isContinued: true, responseMessageId: 'r1' };
    expect(askRequestSchema.safeParse(continued).success).toBe(true);
  });

  it('requires the reply id when continuing', () => {
    const result = askRequestSchema.safeParse({ text: 'go on', endpoint: 'openAI', model: 'm', isContinued: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['responseMessageId']);
  });

  it('requires endpoint and model', () => {
    expect(askRequestSchema.safeParse({ text: 'hi' }).success).toBe(false);
  });

  it('bounds the endpoint and model it stores (a 100,000-character model was saved on every message)', () => {
    expect(askRequestSchema.safeParse({ text: 'hi', endpoint: 'openAI', model: 'm'.repeat(200) }).success).toBe(true);
    expect(askRequestSchema.safeParse({ text: 'hi', endpoint: 'openAI', model: 'm'.repeat(201) }).error?.issues[0]?.path).toEqual(['model']);
    expect(askRequestSchema.safeParse({ text: 'hi', endpoint: 'x'.repeat(65), model: 'm' }).error?.issues[0]?.path).toEqual(['endpoint']);
    expect(editMessageSchema.safeParse({ text: 'hi', model: 'm'.repeat(201) }).success).toBe(false);
  });
});

describe('chat error texts', () => {
  it('round-trips a typed error and reads `code` as well as `type`', () => {
    expect(parseChatErrorText(chatErrorText('concurrent', { limit: 2 }))).toMatchObject({ kind: 'concurrent', limit: 2 });
    expect(parseChatErrorText('{"code":"invalid_api_key"}')?.kind).toBe('invalid_api_key');
  });

  it('returns null for plain text and JSON without an id', () => {
    expect(parseChatErrorText('upstream exploded')).toBeNull();
    expect(parseChatErrorText('{"message":"x"}')).toBeNull();
    expect(parseChatErrorText('[1]')).toBeNull();
  });
});

describe('placeholderResponseId', () => {
  it('is the request id plus an underscore', () => {
    expect(placeholderResponseId('abc')).toBe('abc_');
  });
});
