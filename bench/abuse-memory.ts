import http from 'node:http';
import { ROOT_PARENT_ID } from '@parley/core';
import { createThrowawayPostgres, testDatabaseKinds, type DatabaseKind } from '@parley/server/testing';
import { registerBenchUser } from './lib/account.ts';
import { nowMs } from './lib/clock.ts';
import { startPacedFake } from './lib/paced-fake.ts';
import { benchStreamPrompt } from './lib/paced-fake-protocol.ts';
import { startBenchParley, type BenchParley } from './lib/parley.ts';
import { readMemory, sampleRss } from './lib/proc-usage.ts';
import { result, type BenchResult } from './lib/report.ts';
import { runIfMain } from './lib/run-main.ts';
import { postEventStream } from './lib/sse-client.ts';
import { mb } from './lib/stats.ts';

const bench = 'abuse-memory';
const messages = Number(process.env.BENCH_ABUSE_MESSAGES ?? 400);
/** Replies in flight at once: the user's concurrency limit, raised for the bench. */
const inFlight = Number(process.env.BENCH_ABUSE_IN_FLIGHT ?? 20);
/** The paced fake's chunks are 6–10 characters: 11,000 of them make a reply of about 100 KB in small frames. */
const chunks = 11_000;
const targetBytes = 400 * 1024 * 1024;
/**
 * V8 sizes its heap from the machine's memory: on a 24 GB machine it let garbage pile up to
 * 550 MB of RSS in this scenario while what was live fit under a 200 MB heap. A 400 MB box is
 * run with a heap cap, as here, so the figure is the memory the scenario needs, not what V8 leaves
 * uncollected.
 */
const heapCapMb = 256;

/** A Parley on one database, with the resident memory it had once started (before any message). */
interface MeasuredParley {
  parley: BenchParley;
  idleRss: number;
  close(): Promise<void>;
}

async function startMeasuredParley(kind: DatabaseKind, fakeUrl: string): Promise<MeasuredParley> {
  const database = kind === 'postgres' ? await createThrowawayPostgres() : undefined;
  const parley = await startBenchParley({
    databaseUrl: database?.url,
    env: { NODE_OPTIONS: `--max-old-space-size=${heapCapMb}`, OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: `${fakeUrl}/v1`, CONCURRENT_MESSAGE_MAX: String(inFlight) },
  });
  return {
    parley,
    idleRss: readMemory(parley.pid)?.rss ?? 0,
    async close() {
      await parley.stop();
      await database?.drop();
    },
  };
}

/**
 * One user sends 400 messages whose replies are about 100 KB each, streamed in ~10-character
 * chunks as fast as the paced fake writes them, `inFlight` at a time; every reply is read to its
 * end. Parley's resident memory is sampled all along: finished replies stay replayable for
 * resume, which must not grow memory without bound (one object per chunk held 1.4–2.4 GB).
 *
 * It runs on PostgreSQL, where Parley's process holds only its own memory, and on the embedded
 * PGlite, whose WebAssembly PostgreSQL lives inside the process (about 250–310 MB resident before
 * the first request, with 128 MB of shared buffers PGlite sets itself, and a heap that never
 * shrinks). The started and added figures are printed beside the peak to tell the two apart.
 * `BENCH_ABUSE_DATABASES=postgres` (or `pglite`) runs one of them.
 */
export async function runAbuseMemory(): Promise<BenchResult[]> {
  const wanted = process.env.BENCH_ABUSE_DATABASES?.split(',');
  const kinds = testDatabaseKinds.filter((kind) => !wanted || wanted.includes(kind));
  const results: BenchResult[] = [];
  for (const kind of kinds) results.push(...(await runOn(kind)));
  return results;
}

async function runOn(kind: DatabaseKind): Promise<BenchResult[]> {
  const fake = await startPacedFake({ streams: messages, chunks, spacingMs: 0 });
  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });
  const measured = await startMeasuredParley(kind, fake.url);
  const { parley } = measured;
  try {
    const token = await registerBenchUser(parley.url, 'abuse');
    const memory = sampleRss(parley.pid);
    const startedAt = nowMs();
    let replyBytes = 0;
    let failed = 0;
    let next = 0;
    const send = async (message: number) => {
      let ended = false;
      const status = await postEventStream({
        url: `${parley.url}/api/ask/openAI`,
        agent,
        headers: { authorization: `Bearer ${token}` },
        body: { text: benchStreamPrompt(message), conversationId: null, parentMessageId: ROOT_PARENT_ID, endpoint: 'openAI', model: 'gpt-4o-mini' },
        onFrame(frame) {
          const data = JSON.parse(frame.data) as { final?: boolean; responseMessage?: { text: string } };
          if (frame.event === 'message' && data.final) {
            ended = true;
            replyBytes += Buffer.byteLength(data.responseMessage?.text ?? '');
          }
        },
        timeoutMs: 600_000,
      });
      if (status !== 200 || !ended) failed++;
    };
    const worker = async () => {
      while (next < messages) await send(next++);
    };
    await Promise.all(Array.from({ length: inFlight }, worker));
    memory.stop();
    const peak = readMemory(parley.pid)?.peak ?? 0;
    const seconds = (nowMs() - startedAt) / 1000;
    console.log(
      `  ${kind}: ${messages - failed}/${messages} replies of ${mb(replyBytes / Math.max(1, messages - failed))} on average (${mb(replyBytes)} in all) in ${seconds.toFixed(0)} s, ${inFlight} at a time`,
    );
    console.log(`  ${kind}: Parley (V8 heap capped at ${heapCapMb} MB) RSS started ${mb(measured.idleRss)}, peak (VmHWM) ${mb(peak)}, added ${mb(peak - measured.idleRss)}`);
    return [
      result(bench, `${kind}: ${messages} replies delivered`, `${messages - failed}/${messages}`, `${messages}/${messages}`, failed === 0),
      result(bench, `${kind}: Parley RSS, ${messages} messages × ~100 KB from one user`, mb(peak), `≤ ${mb(targetBytes)}`, peak > 0 && peak <= targetBytes),
    ];
  } finally {
    agent.destroy();
    await measured.close();
    await fake.close();
  }
}

runIfMain(import.meta.url, runAbuseMemory);
