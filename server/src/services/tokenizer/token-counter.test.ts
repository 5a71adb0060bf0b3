import { describe, expect, it } from 'vitest';
import { countTokens } from './token-counter.ts';

describe('countTokens (cl100k_base)', () => {
  it('counts as OpenAI’s cl100k_base does', async () => {
    expect(await countTokens('')).toBe(0);
    expect(await countTokens('hello world')).toBe(2);
    expect(await countTokens('tiktoken is great!')).toBe(6);
  });

  it('counts special-token markers typed by a user as text instead of failing', async () => {
    expect(await countTokens('<|endoftext|>')).toBeGreaterThan(1);
  });

  it('counts Chinese text', async () => {
    expect(await countTokens('今天天气很好')).toBeGreaterThan(2);
  });
});
