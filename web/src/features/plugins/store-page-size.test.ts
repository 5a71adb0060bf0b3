import { describe, expect, it } from 'vitest';
import { storeColumns, storePageSize } from './store-page-size.ts';

describe('plugin store page size (SPEC point 9)', () => {
  it('shows 8 under 501 px, then two rows of 2, 3 or 4 columns', () => {
    expect([360, 500].map(storePageSize)).toEqual([8, 8]);
    expect([501, 639].map(storePageSize)).toEqual([4, 4]);
    expect([640, 1023].map(storePageSize)).toEqual([6, 6]);
    expect([1024, 1600].map(storePageSize)).toEqual([8, 8]);
    expect(storeColumns(700)).toBe(3);
  });
});
