import { Tiktoken } from 'js-tiktoken/lite';
import cl100kBase from 'js-tiktoken/ranks/cl100k_base';
import { describe, expect, it } from 'vitest';
import { countTokens } from './token-counter.ts';

/** `n` characters cycling through `alphabet`, with no space unless the alphabet has one. */
const run = (alphabet: string, n: number) => {
  const chars = [...alphabet];
  return Array.from({ length: n }, (_, i) => chars[(i * 7) % chars.length]).join('');
};
const scripts = {
  cjk: '今天天气很好我们去公园散步吧东京都日本語한국어문장',
  latin: 'abcdefghijklmnopqrstuvwxyzàéîõü',
  emoji: '🎉😀👍🏽🇫🇷❤️‍🔥',
  mixed: 'aé今😀1,;\n\t -Ωж',
};

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

  it('gives the same count as js-tiktoken’s encoder for every script, long unbroken runs included', async () => {
    const reference = new Tiktoken(cl100kBase);
    const samples = [
      ...Object.values(scripts).map((alphabet) => run(alphabet, 500)),
      'The quick brown fox — jumps over 1234567 lazy dogs. Don’t stop!\r\n\r\n    indented\tcode();',
      ' '.repeat(300) + 'x' + '\n'.repeat(300) + '!!!???'.repeat(100),
      'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    ];
    for (const text of samples) expect(await countTokens(text)).toBe(reference.encode(text, [], []).length);
  });

  it('does work linear in the input: ten times the text costs about ten times the lookups', async () => {
    for (const [name, alphabet] of Object.entries(scripts)) {
      const small = { lookups: 0 };
      const large = { lookups: 0 };
      await countTokens(run(alphabet, 20_000), small);
      await countTokens(run(alphabet, 200_000), large);
      // Rescanning every pair after each merge made this ratio about 100 on one long word.
      expect(large.lookups / small.lookups, name).toBeLessThan(12);
    }
  });
});
