import { describe, expect, it } from 'vitest';
import { wrapLine } from './wrap.ts';

// Ten pixels per character: widths are easy to reason about.
const measure = (text: string) => Array.from(text).length * 10;

describe('wrapLine', () => {
  it('keeps a line that fits as it is', () => {
    expect(wrapLine('short line', 200, measure)).toEqual(['short line']);
  });

  it('breaks Latin text between words and drops the space at the break', () => {
    expect(wrapLine('the quick brown fox jumps', 100, measure)).toEqual(['the quick', 'brown fox', 'jumps']);
  });

  it('breaks Chinese text between any two characters', () => {
    expect(wrapLine('猫是一种小型食肉哺乳动物', 50, measure)).toEqual(['猫是一种小', '型食肉哺乳', '动物']);
  });

  it('mixes scripts: a Latin word stays whole beside CJK characters', () => {
    expect(wrapLine('我喜欢TypeScript语言', 100, measure)).toEqual(['我喜欢', 'TypeScript', '语言']);
  });

  it('splits a word only when it alone is wider than the line', () => {
    expect(wrapLine('a supercalifragilistic b', 80, measure)).toEqual(['a', 'supercal', 'ifragili', 'stic b']);
  });

  it('keeps indentation and spaces in code, breaking anywhere', () => {
    expect(wrapLine('    return value', 80, measure, true)).toEqual(['    retu', 'rn value']);
  });

  it('answers one empty line for empty text, so blank lines keep their height', () => {
    expect(wrapLine('', 100, measure)).toEqual(['']);
  });
});
