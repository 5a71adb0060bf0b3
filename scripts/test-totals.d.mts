export interface Totals { passed: number; failed: number; skipped: number; flaky: number }
export interface VitestReport { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }
export interface PlaywrightReport { stats: { expected: number; unexpected: number; flaky: number; skipped: number } }
/** Sums both runners' reports; a Playwright test that only passed on a retry counts as failed. */
export declare function countTotals(unit: VitestReport | undefined, e2e: PlaywrightReport | undefined): Totals;
export declare function formatTotals(totals: Totals): string;
