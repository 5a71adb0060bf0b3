import { describe, expect, it } from 'vitest';
import { splitMarkdownBlocks } from './split-blocks.ts';

describe('splitMarkdownBlocks (streaming replies re-parse only their last block)', () => {
  it('cuts paragraphs at blank lines, the growing tail last', () => {
    expect(splitMarkdownBlocks('One.\n\nTwo **bold**.\n\nThree is still gr')).toEqual(['One.', 'Two **bold**.', 'Three is still gr']);
  });

  it('keeps a code fence whole, blank lines included, until it closes', () => {
    const open = 'Intro.\n\n```ts\nconst a = 1;\n\nconst b = 2;';
    expect(splitMarkdownBlocks(open)).toEqual(['Intro.', '```ts\nconst a = 1;\n\nconst b = 2;']);
    const closed = `${open}\n\`\`\`\n\nAfter.`;
    expect(splitMarkdownBlocks(closed)).toEqual(['Intro.', '```ts\nconst a = 1;\n\nconst b = 2;\n```', 'After.']);
  });

  it('does not close a fence on a shorter or different marker', () => {
    const text = '````md\n```\n\nstill code\n~~~\n\nstill code';
    expect(splitMarkdownBlocks(text)).toEqual([text]);
  });

  it('keeps a $$ math block whole', () => {
    expect(splitMarkdownBlocks('$$\na = b\n\nc = d\n$$\n\nText.')).toEqual(['$$\na = b\n\nc = d\n$$', 'Text.']);
  });

  it('keeps loose list items, continued items and quotes with the block above', () => {
    const list = '- one\n\n- two\n\n  more of two\n\n> quoted\n\n1. first\n\n2. second';
    expect(splitMarkdownBlocks(list)).toEqual([list]);
  });

  it('keeps a text with a link reference or footnote definition whole, as it resolves across blocks', () => {
    expect(splitMarkdownBlocks('See [the docs][d].\n\nMore.\n\n[d]: https://example.com')).toHaveLength(1);
    expect(splitMarkdownBlocks('A claim[^1].\n\nMore.\n\n[^1]: The source.')).toHaveLength(1);
  });

  it('joins back to the original text', () => {
    const text = '# Title\n\nPara one.\n\n- a\n- b\n\n```\nx\n\ny\n```\n\nEnd.';
    expect(splitMarkdownBlocks(text).join('\n\n')).toBe(text);
  });
});
