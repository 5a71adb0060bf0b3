import { describe, expect, it } from 'vitest';
import { normalizeMath } from './math-delimiters.ts';

describe('normalizeMath', () => {
  it('reads $…$ as inline math', () => {
    expect(normalizeMath('The area is $\\pi r^2$ here.')).toBe('The area is $$\\pi r^2$$ here.');
    expect(normalizeMath('面积为$x^2$。')).toBe('面积为$$x^2$$。');
    expect(normalizeMath('$a$ and $b$')).toBe('$$a$$ and $$b$$');
  });

  it('leaves prices as text', () => {
    for (const text of ['$5 and $10', 'It costs $5, or $6.', 'from $5-$10', 'US$5 and US$10', 'pay $ 5 then $ 6', 'a \\$x\\$ escape', 'between $20 and 30 $']) {
      expect(normalizeMath(text)).toBe(text);
    }
  });

  it('reads \\(…\\) as inline math and \\[…\\] as a display block', () => {
    expect(normalizeMath('Euler: \\( e^{i\\pi} + 1 = 0 \\).')).toBe('Euler: $$e^{i\\pi} + 1 = 0$$.');
    expect(normalizeMath('So\n\\[\n\\int_0^1 x\\,dx = \\tfrac12\n\\]\nDone.')).toBe('So\n$$\n\\int_0^1 x\\,dx = \\tfrac12\n$$\nDone.');
    expect(normalizeMath('Hence \\[x = 1\\] holds.')).toBe('Hence \n$$\nx = 1\n$$\n holds.');
  });

  it('keeps a display block inside a list item indented', () => {
    expect(normalizeMath('1. Sum:\n   \\[ a + b \\]')).toBe('1. Sum:\n   $$\n   a + b\n   $$');
  });

  it('shows a formula alone on its line as a display block', () => {
    expect(normalizeMath('Energy:\n\n$$E = mc^2$$\n')).toBe('Energy:\n\n$$\nE = mc^2\n$$\n');
  });

  it('leaves $$ blocks, and the LaTeX line break \\\\[2pt] inside them, as they are', () => {
    const block = '$$\n\\begin{aligned} a &= 1 \\\\[2pt] b &= $2$ \\end{aligned}\n$$';
    expect(normalizeMath(block)).toBe(block);
    expect(normalizeMath('a $$x$$ b')).toBe('a $$x$$ b');
  });

  it('never touches code spans or code blocks', () => {
    const text = 'Run `echo $HOME and $PATH` or ``a `$x$` b``.\n\n```sh\necho "$a$" \\(x\\) \\[y\\]\n```\n\n~~~\n$z$\n~~~';
    expect(normalizeMath(text)).toBe(text);
    expect(normalizeMath('`$a$` but $b$')).toBe('`$a$` but $$b$$');
  });

  it('leaves a formula still streaming open', () => {
    expect(normalizeMath('Then \\[ x = ')).toBe('Then \\[ x = ');
    expect(normalizeMath('Then $$\nx = ')).toBe('Then $$\nx = ');
    expect(normalizeMath('Then $x')).toBe('Then $x');
  });
});
