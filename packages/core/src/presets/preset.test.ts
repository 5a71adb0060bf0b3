import { describe, expect, it } from 'vitest';
import { DEFAULT_PRESET_TITLE, presetDeleteSchema, presetInputSchema } from './preset.ts';

describe('presetInputSchema', () => {
  it('titles an untitled preset "New Preset" and keeps the conversation settings', () => {
    const preset = presetInputSchema.parse({ presetId: null, endpoint: 'openAI', model: 'gpt-4o', temperature: 0.5, chatGptLabel: 'Ada' });
    expect(preset).toMatchObject({ presetId: null, title: DEFAULT_PRESET_TITLE, endpoint: 'openAI', model: 'gpt-4o', temperature: 0.5 });
  });

  it('drops what is not a preset setting: ids of a conversation, its messages and owner', () => {
    const preset = presetInputSchema.parse({
      endpoint: 'google',
      conversationId: 'c1',
      createdAt: 'x',
      user: 'someone',
      messages: [{ text: 'hi' }],
      topK: 20,
    });
    expect(preset).not.toHaveProperty('conversationId');
    expect(preset).not.toHaveProperty('user');
    expect(preset).not.toHaveProperty('messages');
    expect(preset.topK).toBe(20);
  });

  it('resolves the legacy chatGPT name and refuses an unknown endpoint', () => {
    expect(presetInputSchema.parse({ endpoint: 'chatGPT' }).endpoint).toBe('chatGPTBrowser');
    expect(presetInputSchema.safeParse({ endpoint: 'nope' }).error?.issues[0]?.message).toBe('Unknown endpoint');
  });

  it("bounds settings by the endpoint's own ranges", () => {
    expect(presetInputSchema.safeParse({ endpoint: 'anthropic', temperature: 1.5 }).success).toBe(false);
    expect(presetInputSchema.safeParse({ endpoint: 'openAI', temperature: 1.5 }).success).toBe(true);
  });
});

describe('presetDeleteSchema', () => {
  it('reads a preset as "delete that one" and an empty object as "delete all"', () => {
    expect(presetDeleteSchema.parse({ presetId: 'p1', title: 'x' })).toEqual({ presetId: 'p1' });
    expect(presetDeleteSchema.parse({})).toEqual({});
  });

  it('refuses a preset without an id instead of deleting everything', () => {
    expect(presetDeleteSchema.safeParse({ presetId: null, title: 'unsaved' }).success).toBe(false);
  });
});
