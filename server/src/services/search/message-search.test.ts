import { describe, expect, it } from 'vitest';
import { containsPattern } from './message-search.ts';

describe('containsPattern', () => {
  it('wraps the query in % and escapes LIKE wildcards and the escape character', () => {
    expect(containsPattern('cat')).toBe('%cat%');
    expect(containsPattern('50%')).toBe('%50\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('C:\\x')).toBe('%C:\\\\x%');
    expect(containsPattern('猫')).toBe('%猫%');
  });
});
