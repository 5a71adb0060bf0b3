// The one line of totals `npm test` ends with, counted from Vitest's and Playwright's JSON reports.

/**
 * Sums both runners' reports (either may be missing when its step did not run). A Playwright test
 * that only passed on a retry is counted as failed: a retry hides a race, it does not fix it.
 */
export function countTotals(unit, e2e) {
  const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
  if (unit) {
    totals.passed += unit.numPassedTests;
    totals.failed += unit.numFailedTests;
    totals.skipped += unit.numPendingTests + unit.numTodoTests;
  }
  if (e2e) {
    const { stats } = e2e;
    totals.passed += stats.expected;
    totals.failed += stats.unexpected + stats.flaky;
    totals.flaky += stats.flaky;
    totals.skipped += stats.skipped;
  }
  return totals;
}

export function formatTotals({ passed, failed, skipped, flaky }) {
  const retried = flaky ? ` (${flaky} passed only on a retry)` : '';
  return `tests: ${passed} passed, ${failed} failed${retried}, ${skipped} skipped`;
}
