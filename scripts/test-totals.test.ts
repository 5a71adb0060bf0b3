import { describe, expect, it } from 'vitest';
import { countTotals, formatTotals } from './test-totals.mjs';

const unit = { numPassedTests: 10, numFailedTests: 0, numPendingTests: 1, numTodoTests: 0 };

describe('npm test totals', () => {
  it('counts a browser test that needed a retry as failed', () => {
    const totals = countTotals(unit, { stats: { expected: 4, unexpected: 0, flaky: 1, skipped: 0 } });
    expect(totals).toEqual({ passed: 14, failed: 1, skipped: 1, flaky: 1 });
    expect(formatTotals(totals)).toBe('tests: 14 passed, 1 failed (1 passed only on a retry), 1 skipped');
  });

  it('adds what is there when a runner left no report', () => {
    expect(formatTotals(countTotals(unit, undefined))).toBe('tests: 10 passed, 0 failed, 1 skipped');
    expect(countTotals(undefined, undefined)).toEqual({ passed: 0, failed: 0, skipped: 0, flaky: 0 });
  });
});
