/** One measured figure against its target. */
export interface BenchResult {
  bench: string;
  metric: string;
  /** The figure as printed, with its unit. */
  value: string;
  /** The target as printed, e.g. `≤ 3 ms`. */
  target: string;
  pass: boolean;
}

export function result(bench: string, metric: string, value: string, target: string, pass: boolean): BenchResult {
  return { bench, metric, value, target, pass };
}

export function printResult(r: BenchResult): void {
  console.log(`  ${r.pass ? 'PASS' : 'FAIL'}  ${r.metric}: ${r.value} (target ${r.target})`);
}

/** The table printed by run-all: every figure, then how many met their targets. */
export function printSummary(results: readonly BenchResult[], crashed: readonly string[]): void {
  const rows = results.map((r) => [r.bench, r.metric, r.value, r.target, r.pass ? 'PASS' : 'FAIL']);
  const header = ['bench', 'metric', 'value', 'target', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
  const passed = results.filter((r) => r.pass).length;
  const crashNote = crashed.length > 0 ? `; crashed: ${crashed.join(', ')}` : '';
  console.log(`\n${passed} of ${results.length} figures met their targets${crashNote}.`);
}
