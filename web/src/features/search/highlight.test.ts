import { describe, expect, it } from 'vitest';
import { highlightExcerpt, plainMarkdown, type TextSegment } from './highlight.ts';

const marked = (segments: TextSegment[]) => segments.filter((s) => s.match).map((s) => s.text);
const joined = (segments: TextSegment[]) => segments.map((s) => s.text).join('');

describe('highlightExcerpt', () => {
  it('marks every occurrence, ignoring case, and keeps the text around them', () => {
    const segments = highlightExcerpt('Cats purr. My cat sleeps; CATS rule.', 'cat');
    expect(marked(segments)).toEqual(['Cat', 'cat', 'CAT']);
    expect(joined(segments)).toBe('Cats purr. My cat sleeps; CATS rule.');
  });

  it('marks one- and two-character Chinese queries', () => {
    expect(marked(highlightExcerpt('我的猫喜欢猫粮', '猫'))).toEqual(['猫', '猫']);
    expect(marked(highlightExcerpt('我的猫喜欢猫粮', '猫粮'))).toEqual(['猫粮']);
  });

  it('reads the query literally: regex and SQL wildcard characters match only themselves', () => {
    expect(marked(highlightExcerpt('a.b and axb, 100% and 100x', 'a.b'))).toEqual(['a.b']);
    expect(marked(highlightExcerpt('a.b and axb, 100% and 100x', '100%'))).toEqual(['100%']);
    expect(marked(highlightExcerpt('file_name filexname', '_'))).toEqual(['_']);
  });

  it('puts line breaks and runs of spaces on one line', () => {
    expect(joined(highlightExcerpt('first line\n\n  second   line', 'second'))).toBe('first line second line');
  });

  it('cuts a long text around the first occurrence, with ellipses where it was cut', () => {
    const text = `${'lorem ipsum '.repeat(50)}needle here ${'dolor sit '.repeat(50)}`;
    const segments = highlightExcerpt(text, 'needle', 120);
    expect(segments[0]).toEqual({ text: '…', match: false });
    expect(segments.at(-1)).toEqual({ text: '…', match: false });
    expect(marked(segments)).toEqual(['needle']);
    expect(joined(segments).length).toBeLessThanOrEqual(122);
    expect(joined(segments).indexOf('needle')).toBeGreaterThan(30);
  });

  it('starts at the beginning when the occurrence is near it', () => {
    const segments = highlightExcerpt(`needle ${'x '.repeat(300)}`, 'needle', 100);
    expect(segments[0]).toEqual({ text: 'needle', match: true });
    expect(segments.at(-1)!.text).toBe('…');
  });

  it('shows the start of the text unmarked when the query is not in it (a match elsewhere in the message)', () => {
    expect(highlightExcerpt('nothing to see', 'zebra')).toEqual([{ text: 'nothing to see', match: false }]);
  });
});

describe('plainMarkdown', () => {
  it('keeps the words of a markdown reply and drops its markup', () => {
    const reply = '## Safe plants\n\nGood choices that are **non-toxic to cats**:\n\n- Spider plant\n1. Boston fern\n> quoted\n\nSee [the list](https://example.com) and `aspca`.\n```js\nlet cat = 1;\n```';
    expect(plainMarkdown(reply)).toBe('Safe plants\n\nGood choices that are non-toxic to cats:\n\nSpider plant\nBoston fern\nquoted\n\nSee the list and aspca.\n\nlet cat = 1;\n');
  });

  it('leaves a lone asterisk or underscore alone', () => {
    expect(plainMarkdown('2 * 3 and snake_case')).toBe('2 * 3 and snake_case');
    expect(plainMarkdown('a_b and c_d, 2*3*4')).toBe('a_b and c_d, 2*3*4');
  });

  it('drops the marks of emphasis, single or double', () => {
    expect(plainMarkdown('The *neap tide* and _the spring tide_ after **the new moon**')).toBe('The neap tide and the spring tide after the new moon');
  });
});
