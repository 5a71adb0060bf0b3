import { describe, expect, it } from 'vitest';
import { toBlocks } from './text-blocks.ts';

describe('toBlocks', () => {
  it('keeps a user message exactly as typed, markdown characters included', () => {
    expect(toBlocks('**not bold**\n# not a heading', false)).toEqual([{ kind: 'text', lines: ['**not bold**', '# not a heading'] }]);
  });

  it('turns fenced code into a code block, without the fences and with tabs as spaces', () => {
    expect(toBlocks('Example:\n```python\ndef f():\n\treturn 1\n```\nDone.', true)).toEqual([
      { kind: 'text', lines: ['Example:'] },
      { kind: 'code', lines: ['def f():', '  return 1'] },
      { kind: 'text', lines: ['Done.'] },
    ]);
  });

  it('reads headings as their own lines and list markers as bullets', () => {
    expect(toBlocks('## Cats\n- purr\n  * sleep', true)).toEqual([
      { kind: 'heading', lines: ['Cats'] },
      { kind: 'text', lines: ['• purr', '  • sleep'] },
    ]);
  });

  it('removes bold markers and inline-code ticks but keeps a lone asterisk', () => {
    expect(toBlocks('Use **bold** and `code`, 2 * 3', true)).toEqual([{ kind: 'text', lines: ['Use bold and code, 2 * 3'] }]);
  });

  it('keeps an unclosed fence as code to the end, and two fences in a row as two blocks', () => {
    expect(toBlocks('```\na\n```\n```\nb', true)).toEqual([
      { kind: 'code', lines: ['a'] },
      { kind: 'code', lines: ['b'] },
    ]);
  });
});
