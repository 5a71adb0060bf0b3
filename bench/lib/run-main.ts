import { pathToFileURL } from 'node:url';
import { printResult, type BenchResult } from './report.ts';

/** Lets each bench file also run on its own (`npx tsx bench/ttft.ts`). */
export function runIfMain(moduleUrl: string, bench: () => Promise<BenchResult[]>): void {
  if (!process.argv[1] || pathToFileURL(process.argv[1]).href !== moduleUrl) return;
  bench().then(
    (results) => {
      for (const r of results) printResult(r);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
