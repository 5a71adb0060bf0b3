import { hostileDocuments } from '@parley/server/testing';
import { registerBenchUser } from './lib/account.ts';
import { nowMs, sleep } from './lib/clock.ts';
import { healthLatencies } from './lib/health-latencies.ts';
import { startBenchParley } from './lib/parley.ts';
import { sampleRss } from './lib/proc-usage.ts';
import { result, type BenchResult } from './lib/report.ts';
import { runIfMain } from './lib/run-main.ts';
import { distribution, mb, ms } from './lib/stats.ts';

const bench = 'hostile-uploads';
const healthTargetMs = 50;

/**
 * Ten hostile documents uploaded at once (four .docx of 200,000 paragraphs, three 150 MB zip
 * bombs, three PDFs of 300,000 text operators), each of which froze every user for seconds when
 * read on the event loop, while `/api/health` is asked continuously: the server must keep
 * answering, and each upload must get its own clear refusal.
 */
export async function runHostileUploads(): Promise<BenchResult[]> {
  // One user sends all ten: their share of the worker pool (WORKER_USER_MAX, 4) would refuse six at once.
  const parley = await startBenchParley({ env: { UPLOAD_IP_MAX: '1000', UPLOAD_USER_MAX: '1000', WORKER_USER_MAX: '10' } });
  try {
    const token = await registerBenchUser(parley.url, 'hostile');
    const upload = async (name: string, data: Buffer) => {
      const form = new FormData();
      form.set('endpoint', 'openAI');
      form.set('model', 'gpt-4o');
      form.set('file', new Blob([new Uint8Array(data)]), name);
      const response = await fetch(`${parley.url}/api/ask/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      return `${response.status} ${((await response.json()) as { error?: string }).error ?? 'stored'}`;
    };
    const documents: [string, Buffer][] = [
      ...Array.from({ length: 4 }, (_, i): [string, Buffer] => [`paragraphs-${i}.docx`, hostileDocuments.manyParagraphs()]),
      ...Array.from({ length: 3 }, (_, i): [string, Buffer] => [`bomb-${i}.docx`, hostileDocuments.zipBomb()]),
      ...Array.from({ length: 3 }, (_, i): [string, Buffer] => [`operators-${i}.pdf`, hostileDocuments.textOperators()]),
    ];
    const idle = distribution(await healthLatencies(parley.url, sleep(1000)));
    console.log(`  /api/health idle: p50 ${ms(idle.p50)}, p99 ${ms(idle.p99)}, max ${ms(idle.max)}`);
    const rss = sampleRss(parley.pid);
    const startedAt = nowMs();
    const uploads = Promise.all(documents.map(([name, data]) => upload(name, data)));
    const d = distribution(await healthLatencies(parley.url, uploads));
    const answers = await uploads;
    const tookMs = nowMs() - startedAt;
    const peak = rss.stop();
    documents.forEach(([name], i) => console.log(`  ${name}: ${answers[i]}`));
    console.log(`  10 uploads answered in ${ms(tookMs, 0)}; Parley RSS peak ${mb(peak)}`);
    console.log(`  /api/health meanwhile: ${d.count} requests, p50 ${ms(d.p50)}, p99 ${ms(d.p99)}, max ${ms(d.max)}`);
    // A document is refused past a limit, or read within them (a PDF can finish inside PARSE_TIMEOUT_MS on a quiet machine); never a 500.
    const answered = answers.filter((answer) => answer === '422 document_too_complex' || answer === '200 stored').length;
    return [
      result(bench, '/api/health latency while 10 hostile documents are read, p99', ms(d.p99), `≤ ${healthTargetMs} ms`, d.p99 <= healthTargetMs),
      result(bench, 'hostile documents refused (document_too_complex) or read within the limits', `${answered} of 10`, '10 of 10', answered === 10),
    ];
  } finally {
    await parley.stop();
  }
}

runIfMain(import.meta.url, runHostileUploads);
