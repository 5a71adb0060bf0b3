import { describe, expect, it } from 'vitest';
import { findNul } from './reject-nul.ts';

describe('findNul', () => {
  it('names the first value or key holding a NUL, at any depth', () => {
    expect(findNul({ arg: { title: 'ok', list: ['a', 'b\u0000'] } })).toBe('arg.list.1');
    expect(findNul({ options: { 'x\u0000y': 1 } })).toBe('options.x\\u0000y');
    expect(findNul('\u0000')).toBe('_');
  });

  it('passes clean input of every JSON type', () => {
    expect(findNul({ a: [1, true, null, { b: 'text with \\u0000 spelled out' }] })).toBeUndefined();
    expect(findNul(undefined)).toBeUndefined();
  });

  it('scans a body nested 100,000 deep without overflowing the stack, in linear time', () => {
    const depth = 100_000;
    const deep = JSON.parse(`${'{"a":'.repeat(depth)}"end\\u0000"${'}'.repeat(depth)}`) as unknown;
    const started = performance.now();
    expect(findNul(deep)?.split('.')).toHaveLength(depth);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
