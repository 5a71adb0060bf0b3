import http from 'node:http';
import { ROOT_PARENT_ID } from '@parley/core';
import { registerBenchUser } from './lib/account.ts';
import { nowMs } from './lib/clock.ts';
import { startPacedFake } from './lib/paced-fake.ts';
import { benchStreamPrompt } from './lib/paced-fake-protocol.ts';
import { startBenchParley } from './lib/parley.ts';
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
 * One user sends 400 messages whose replies are about 100 KB each, streamed in ~10-character
 * chunks as fast as the paced fake writes them, `inFlight` at a time; every reply is read to its
 * end. Parley's resident memory is sampled all along: finished replies stay replayable for
 * resume, which must not grow memory without bound (one object per chunk held 1.4–2.4 GB).
 */
export async function runAbuseMemory(): Promise<BenchResult[]> {
  const fake = await startPacedFake({ streams: messages, chunks, spacingMs: 0 });
  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });
  const parley = await startBenchParley({
    env: { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: `${fake.url}/v1`, CONCURRENT_MESSAGE_MAX: String(inFlight) },
  });
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
    const rss = memory.stop();
    const peak = readMemory(parley.pid)?.peak ?? 0;
    const seconds = (nowMs() - startedAt) / 1000;
    console.log(
      `  ${messages - failed}/${messages} replies of ${mb(replyBytes / Math.max(1, messages - failed))} on average (${mb(replyBytes)} in all) in ${seconds.toFixed(0)} s, ${inFlight} at a time`,
    );
    console.log(`  Parley RSS: max sampled ${mb(rss)}, VmHWM since start ${mb(peak)}`);
    return [
      result(bench, `${messages} replies delivered`, `${messages - failed}/${messages}`, `${messages}/${messages}`, failed === 0),
      result(bench, `Parley RSS, ${messages} messages × ~100 KB from one user`, mb(peak), `≤ ${mb(targetBytes)}`, peak > 0 && peak <= targetBytes),
    ];
  } finally {
    agent.destroy();
    await parley.stop();
    await fake.close();
  }
}

runIfMain(import.meta.url, runAbuseMemory);
