import { loadavg } from 'node:os';
import { runAbuseMemory } from './abuse-memory.ts';
import { runBundleSize } from './bundle-size.ts';
import { runConcurrentStreams } from './concurrent-streams.ts';
import { runGatewayStreams } from './gateway-streams.ts';
import { runConvoList } from './convo-list.ts';
import { runHostileUploads } from './hostile-uploads.ts';
import { runLongConversation } from './long-conversation.ts';
import { printResult, printSummary, type BenchResult } from './lib/report.ts';
import { runSearch } from './search.ts';
import { runTokenizer } from './tokenizer.ts';
import { runTtft } from './ttft.ts';

/** Every bench in sequence, each with its own Parley; a crash is reported and the rest still run. */
const benches: { name: string; run: () => Promise<BenchResult[]> }[] = [
  { name: 'ttft', run: runTtft },
  { name: 'concurrent-streams', run: runConcurrentStreams },
  { name: 'gateway-streams', run: runGatewayStreams },
  { name: 'long-conversation', run: runLongConversation },
  { name: 'bundle-size', run: runBundleSize },
  { name: 'search', run: runSearch },
  { name: 'convo-list', run: runConvoList },
  { name: 'tokenizer', run: runTokenizer },
  { name: 'hostile-uploads', run: runHostileUploads },
  { name: 'abuse-memory', run: runAbuseMemory },
];

const results: BenchResult[] = [];
const crashed: string[] = [];
for (const bench of benches) {
  // Other work on the machine shows up in every figure; the load says how much there was.
  console.log(`\n== ${bench.name} (load average ${loadavg()[0]!.toFixed(1)})`);
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
