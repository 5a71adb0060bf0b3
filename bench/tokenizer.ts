import { registerBenchUser } from './lib/account.ts';
import { nowMs, sleep } from './lib/clock.ts';
import { healthLatencies } from './lib/health-latencies.ts';
import { startBenchParley } from './lib/parley.ts';
import { readCpuMs } from './lib/proc-usage.ts';
import { result, type BenchResult } from './lib/report.ts';
import { runIfMain } from './lib/run-main.ts';
import { distribution, ms } from './lib/stats.ts';

const bench = 'tokenizer';
const chars = 200_000;
const countTargetMs = 1000;
const healthTargetMs = 50;

/** `chars` characters cycling through `alphabet` without a space (unless the alphabet has one): one long "word". */
const unbroken = (alphabet: string) => {
  const symbols = [...alphabet];
  return Array.from({ length: chars }, (_, i) => symbols[(i * 7) % symbols.length]).join('');
};
const texts: Record<string, string> = {
  'CJK without spaces': unbroken('今天天气很好我们去公园散步吧東京都日本語한국어문장'),
  'Latin without spaces': unbroken('abcdefghijklmnopqrstuvwxyzàéîõü'),
  emoji: unbroken('🎉😀👍🏽🇫🇷❤️‍🔥'),
  mixed: unbroken('aé今😀1,;\n\t -Ωж'),
};

/**
 * `POST /api/tokenizer` with 200,000 characters of each script, one long unbroken run each (the
 * shape that made BPE quadratic: 5,000 CJK characters froze the server for 9 s), timed from the
 * client, while `/api/health` is asked continuously to see whether other requests stall.
 */
export async function runTokenizer(): Promise<BenchResult[]> {
  const parley = await startBenchParley();
  try {
    const token = await registerBenchUser(parley.url, 'tokenizer');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const count = async (arg: string) => {
      const response = await fetch(`${parley.url}/api/tokenizer`, { method: 'POST', headers, body: JSON.stringify({ arg }) });
      if (!response.ok) throw new Error(`tokenizer: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { count: number }).count;
    };
    // Health on its own first: on a shared machine the load alone shows in every figure.
    const idle = distribution(await healthLatencies(parley.url, sleep(1000)));
    console.log(`  /api/health idle: p50 ${ms(idle.p50)}, max ${ms(idle.max)}`);
    // The first count loads and decodes the 100k ranks: other requests must not stall meanwhile either.
    const loading = count('the first count loads the ranks');
    const cold = distribution(await healthLatencies(parley.url, loading));
    console.log(`  /api/health while the first count loads the ranks: ${cold.count} requests, p50 ${ms(cold.p50)}, max ${ms(cold.max)}`);
    const figures: BenchResult[] = [
      result(bench, '/api/health latency while the ranks load, max', ms(cold.max), `≤ ${healthTargetMs} ms`, cold.max <= healthTargetMs),
    ];
    const health: number[] = [];
    for (const [label, text] of Object.entries(texts)) {
      const sentAt = nowMs();
      const cpuBefore = readCpuMs(parley.pid);
      const counting = count(text);
      const latencies = healthLatencies(parley.url, counting);
      const tokens = await counting;
      const tookMs = nowMs() - sentAt;
      const cpuMs = readCpuMs(parley.pid) - cpuBefore;
      health.push(...(await latencies));
      console.log(`  ${label}: ${tokens.toLocaleString('en')} tokens in ${ms(tookMs, 0)} (Parley CPU ${ms(cpuMs, 0)}, health requests included)`);
      figures.push(result(bench, `${chars.toLocaleString('en')} chars ${label}`, ms(tookMs, 0), `≤ ${countTargetMs} ms`, tookMs <= countTargetMs));
    }
    const d = distribution(health);
    console.log(`  /api/health while counting: ${d.count} requests, p50 ${ms(d.p50)}, p95 ${ms(d.p95)}, max ${ms(d.max)}`);
    figures.push(result(bench, '/api/health latency while counting, max', ms(d.max), `≤ ${healthTargetMs} ms`, d.max <= healthTargetMs));
    return figures;
  } finally {
    await parley.stop();
  }
}

runIfMain(import.meta.url, runTokenizer);
