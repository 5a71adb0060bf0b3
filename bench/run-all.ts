import { printResult, printSummary, type BenchResult } from './lib/report.ts';
import { runTtft } from './ttft.ts';

/** Every bench in sequence, each with its own Parley; a crash is reported and the rest still run. */
const benches: { name: string; run: () => Promise<BenchResult[]> }[] = [{ name: 'ttft', run: runTtft }];

const results: BenchResult[] = [];
const crashed: string[] = [];
for (const bench of benches) {
  console.log(`\n== ${bench.name}`);
  try {
    const figures = await bench.run();
    figures.forEach(printResult);
    results.push(...figures);
  } catch (error) {
    crashed.push(bench.name);
    console.error(`  ${bench.name} crashed:`, error);
  }
}
printSummary(results, crashed);
process.exit(crashed.length > 0 ? 1 : 0);
