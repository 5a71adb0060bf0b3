import { describe, expect, it } from 'vitest';
import { searchQuerySchema } from './search.ts';

describe('searchQuerySchema', () => {
  it('accepts one character, trims, and defaults to the first page', () => {
    expect(searchQuerySchema.parse({ q: ' 猫 ' })).toEqual({ q: '猫', pageNumber: 1 });
    expect(searchQuerySchema.parse({ q: 'cat', pageNumber: '3' }).pageNumber).toBe(3);
  });

  it('refuses a blank query, one over 200 characters and a page below 1', () => {
    expect(searchQuerySchema.safeParse({ q: '   ' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ q: 'a'.repeat(201) }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ q: 'a'.repeat(200) }).success).toBe(true);
    expect(searchQuerySchema.safeParse({ q: 'a', pageNumber: '0' }).success).toBe(false);
  });
});
