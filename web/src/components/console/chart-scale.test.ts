import { describe, expect, it } from 'vitest';
import { niceTicks } from './chart-scale.ts';

describe('niceTicks', () => {
  it('steps by 1, 2, 2.5 or 5 × 10ⁿ up past the largest value', () => {
    expect(niceTicks(1)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(niceTicks(930)).toEqual([0, 250, 500, 750, 1000]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });

  it('keeps to whole steps for counts: one call is no 0.25 of a call', () => {
    expect(niceTicks(1, 4, true)).toEqual([0, 1]);
    expect(niceTicks(3, 4, true)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(5, 4, true)).toEqual([0, 2, 4, 6]);
    expect(niceTicks(930, 4, true)).toEqual([0, 250, 500, 750, 1000]);
  });
});
