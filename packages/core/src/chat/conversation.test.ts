import { describe, expect, it } from 'vitest';
import { presetSchema } from '../presets/preset.ts';
import { answererFields, conversationFixedFields, conversationSchema, presetRecordFields } from './conversation.ts';

describe('conversation and preset field lists', () => {
  it('hold every fixed field the API schemas name, so no fixed field is taken for an endpoint option', () => {
    expect(conversationFixedFields).toEqual(expect.arrayContaining(Object.keys(conversationSchema.shape)));
    expect([...presetRecordFields, ...answererFields]).toEqual(expect.arrayContaining(Object.keys(presetSchema.shape)));
  });
});
