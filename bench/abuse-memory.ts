import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { ROOT_PARENT_ID } from '@parley/core';
import { createThrowawayPostgres, testDatabaseKinds, type DatabaseKind } from '@parley/server/testing';
import { registerBenchUser, signInBenchUser } from './lib/account.ts';
import { nowMs } from './lib/clock.ts';
import { startPacedFake } from './lib/paced-fake.ts';
import { benchStreamPrompt } from './lib/paced-fake-protocol.ts';
import { startBenchParley, type BenchParley } from './lib/parley.ts';
import { peakBreakdown } from './lib/memory-breakdown.ts';
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
/** The long conversation: this many questions of 99 KB (about 10 MB), each answered at once in a few words. */
const longTurns = Number(process.env.BENCH_ABUSE_LONG_TURNS ?? 100);
const questionChars = 99_000;
/** A question the paced fake answers at once, briefly (it streams only for `benchStreamPrompt`). */
const longQuestion = (turn: number) => `Question ${turn}: ${'q'.repeat(questionChars)}`.slice(0, questionChars);
/** Asks sent into the long conversation, `inFlight` at a time, each a new reply under its newest one. */
const longAsks = Number(process.env.BENCH_ABUSE_LONG_ASKS ?? 40);
/** PostgreSQL: Parley's whole resident memory. */
const postgresTargetBytes = 400 * 1024 * 1024;
/** PGlite: what the scenario adds to its idle figure (its WebAssembly PostgreSQL is most of that figure). */
const pgliteAddedTargetBytes = 150 * 1024 * 1024;

type Scenario = 'many replies' | 'long conversation';

/** The build measured: this tree's, or an earlier one named by `BENCH_ABUSE_BEFORE` (a compiled main.js) to compare with in the same run. */
interface Build {
  label: 'before' | 'now';
  serverFile?: string;
}

/** What one scenario measured on one build. */
interface Measured {
  peak: number;
  added: number;
  results: BenchResult[];
}

/** A Parley on one database, as `npm start` runs it (no heap flags), with the resident memory it had once started. */
interface MeasuredParley {
  parley: BenchParley;
  idleRss: number;
  /** Where its memory was at its peak (process.memoryUsage() sampled inside it). */
  breakdown(): string | undefined;
  close(): Promise<void>;
}

/**
 * Forgets the process's peak resident size (VmHWM) so the next reading covers the scenario only, not start-up.
 * Writing 5 to `clear_refs` does that (Linux 4.0 on); where it cannot, the start-up peak stays in.
 */
function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not Linux, or not allowed: the peak then includes start-up, which only makes the figure larger.
  }
}

async function startMeasuredParley(kind: DatabaseKind, fakeUrl: string, build: Build): Promise<MeasuredParley> {
  const database = kind === 'postgres' ? await createThrowawayPostgres() : undefined;
  const logDir = mkdtempSync(path.join(tmpdir(), 'parley-memory-'));
  const memoryLogFile = path.join(logDir, 'memory.jsonl');
  const parley = await startBenchParley({
    databaseUrl: database?.url,
    env: { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: `${fakeUrl}/v1`, CONCURRENT_MESSAGE_MAX: String(inFlight) },
    memoryLogFile,
    serverFile: build.serverFile,
  });
  const idleRss = readMemory(parley.pid)?.rss ?? 0;
  resetPeak(parley.pid);
  return {
    parley,
    idleRss,
    breakdown: () => peakBreakdown(memoryLogFile, parley.pid),
    async close() {
      await parley.stop();
      await database?.drop();
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}

interface Ask {
  text: string;
  conversationId: string | null;
  parentMessageId: string;
}

const benchLabel = 'abuse';

/** One user's asks against one Parley: each reply read to its final frame; signed in again when the access token expires. */
async function asker(parley: BenchParley) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });
  let token = await registerBenchUser(parley.url, benchLabel);
  let renewal: Promise<string> | undefined;
  /** A fresh token once `used` was refused: one sign-in for all the asks refused with it. */
  const renew = async (used: string) => {
    if (token !== used) return;
    renewal ??= signInBenchUser(parley.url, benchLabel).finally(() => (renewal = undefined));
    token = await renewal;
  };
  let failed = 0;
  let replyBytes = 0;
  const post = async (ask: Ask, onFinal: (message: { text: string; conversationId: string; messageId: string }) => void): Promise<number> => {
    const used = token;
    const status = await postEventStream({
      url: `${parley.url}/api/ask/openAI`,
      agent,
      headers: { authorization: `Bearer ${used}` },
      body: { text: ask.text, conversationId: ask.conversationId, parentMessageId: ask.parentMessageId, endpoint: 'openAI', model: 'gpt-4o-mini' },
      onFrame(frame) {
        const data = JSON.parse(frame.data) as { final?: boolean; responseMessage?: { text: string; conversationId: string; messageId: string } };
        if (frame.event === 'message' && data.final && data.responseMessage) onFinal(data.responseMessage);
      },
      timeoutMs: 600_000,
    });
    if (status === 401) await renew(used);
    return status;
  };
  return {
    /** Sends one ask (again, once signed in again); answers the stored reply's conversation and id, or undefined when it failed (the failure is counted). */
    async send(ask: Ask): Promise<{ conversationId: string; messageId: string } | undefined> {
      let final: { conversationId: string; messageId: string } | undefined;
      const onFinal = (message: { text: string; conversationId: string; messageId: string }) => {
        final = message;
        replyBytes += Buffer.byteLength(message.text);
      };
      try {
        let status = await post(ask, onFinal);
        if (status === 401) status = await post(ask, onFinal);
        if (status !== 200) final = undefined;
      } catch {
        final = undefined;
      }
      if (!final) failed++;
      return final;
    },
    /** Reads the whole conversation as the web does when it opens it; answers whether it came. */
    async readConversation(conversationId: string): Promise<boolean> {
      try {
        const response = await fetch(`${parley.url}/api/messages/${conversationId}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
        await response.arrayBuffer();
        if (response.ok) return true;
      } catch {
        // Counted below, as a refused ask would be.
      }
      failed++;
      return false;
    },
    get failed() {
      return failed;
    },
    get replyBytes() {
      return replyBytes;
    },
    close: () => agent.destroy(),
  };
}

/** Runs `count` jobs, `inFlight` at a time. */
async function inParallel(count: number, job: (n: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await job(next++);
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
}

/**
 * Two ways one user can load a shared server, each on PostgreSQL and on the embedded PGlite,
 * Parley run as `npm start` runs it (the compiled server, no heap flags, V8 sizing its own heap):
 *
 * - many replies: 400 messages whose replies are about 100 KB each, streamed in ~10-character
 *   chunks as fast as the paced fake writes them, 20 at a time; finished replies stay replayable
 *   for resume, which must not grow memory without bound (one object per chunk held 1.4–2.4 GB).
 * - long conversation: one conversation of 100 questions of 99 KB (10 MB), built turn by turn,
 *   then 40 asks into it whose replies stream ~100 KB, 20 at a time, and 20 concurrent reads of all of it.
 *   Only a window of the newest turns fits the model's context; holding the whole conversation
 *   per ask took 701–884 MB (and crashed a server run with a 256 MB heap cap).
 *
 * Targets: on PostgreSQL, where Parley's process holds only its own memory, the peak resident
 * size ≤ 400 MB and no crash. On PGlite, whose WebAssembly PostgreSQL lives inside the process
 * (420–460 MB resident before the first request, a heap that never shrinks), at most 150 MB
 * above its own idle figure, which is printed beside it. The peak is the kernel's VmHWM, reset
 * once Parley has started so it covers the scenario alone.
 * `BENCH_ABUSE_DATABASES=postgres` (or `pglite`) and `BENCH_ABUSE_SCENARIOS=many,long` pick what runs.
 * `BENCH_ABUSE_BEFORE=<an earlier build's main.js>` runs each scenario on that build too, just
 * before this one, and prints now / before: a shared machine's load moves the figures by more than a change does.
 * Each run prints where Parley's memory was at its peak (bench/lib/memory-hook.mjs).
 */
export async function runAbuseMemory(): Promise<BenchResult[]> {
  const wantedKinds = process.env.BENCH_ABUSE_DATABASES?.split(',');
  const wantedScenarios = process.env.BENCH_ABUSE_SCENARIOS?.split(',');
  const kinds = testDatabaseKinds.filter((kind) => !wantedKinds || wantedKinds.includes(kind));
  const scenarios = (['many replies', 'long conversation'] as const).filter((s) => !wantedScenarios || wantedScenarios.includes(s.split(' ')[0]!));
  const before = process.env.BENCH_ABUSE_BEFORE;
  const results: BenchResult[] = [];
  for (const kind of kinds) {
    for (const scenario of scenarios) {
      // The earlier build first, then this one, back to back: the ratio compares them under the same load.
      const earlier = before ? await runOn(kind, scenario, { label: 'before', serverFile: path.resolve(before) }) : undefined;
      const now = await runOn(kind, scenario, { label: 'now' });
      results.push(...now.results);
      if (earlier) {
        const [figure, was, is] = kind === 'postgres' ? ['peak RSS', earlier.peak, now.peak] : ['RSS above idle', earlier.added, now.added];
        const metric = `${kind}, ${scenario}: ${figure}, now / before (${mb(is)} / ${mb(was)})`;
        results.push(result(bench, metric, `${(is / was).toFixed(2)}×`, '< 1×', is < was));
      }
    }
  }
  return results;
}

async function runOn(kind: DatabaseKind, scenario: Scenario, build: Build): Promise<Measured> {
  const streams = scenario === 'many replies' ? messages : longAsks;
  const fake = await startPacedFake({ streams, chunks, spacingMs: 0 });
  const measured = await startMeasuredParley(kind, fake.url, build);
  const { parley } = measured;
  const user = await asker(parley);
  try {
    const memory = sampleRss(parley.pid);
    const startedAt = nowMs();
    let delivered: string;
    let expected: string;
    if (scenario === 'many replies') {
      await inParallel(messages, (n) => user.send({ text: benchStreamPrompt(n), conversationId: null, parentMessageId: ROOT_PARENT_ID }));
      delivered = `${messages - user.failed}/${messages}`;
      expected = `${messages}/${messages}`;
      console.log(`  [${build.label}] ${kind}, ${scenario}: ${delivered} replies, ${mb(user.replyBytes)} in all, in ${((nowMs() - startedAt) / 1000).toFixed(0)} s, ${inFlight} at a time`);
    } else {
      let newest = { conversationId: null as string | null, messageId: ROOT_PARENT_ID };
      const building = sampleRss(parley.pid);
      for (let turn = 0; turn < longTurns; turn++) {
        const reply = await user.send({ text: longQuestion(turn), conversationId: newest.conversationId, parentMessageId: newest.messageId });
        if (!reply) break;
        newest = reply;
      }
      const built = { seconds: (nowMs() - startedAt) / 1000, rss: building.stop() };
      const conversationId = newest.conversationId;
      if (!conversationId || user.failed > 0) throw new Error(`${kind}: building the long conversation failed`);
      const asking = sampleRss(parley.pid);
      await inParallel(longAsks, (n) => user.send({ text: benchStreamPrompt(n), conversationId, parentMessageId: newest.messageId }));
      const asked = asking.stop();
      const reading = sampleRss(parley.pid);
      const reads = await Promise.all(Array.from({ length: inFlight }, () => user.readConversation(conversationId)));
      const read = reading.stop();
      const total = longTurns + longAsks + inFlight;
      delivered = `${total - user.failed}/${total}`;
      expected = `${total}/${total}`;
      console.log(
        `  [${build.label}] ${kind}, ${scenario}: ${longTurns} questions of ${mb(questionChars)} answered in ${built.seconds.toFixed(0)} s (RSS up to ${mb(built.rss)}); ` +
          `${longAsks} asks into it, ${inFlight} at a time (up to ${mb(asked)}); ${reads.filter(Boolean).length}/${inFlight} concurrent whole reads (up to ${mb(read)}); ${delivered} answered`,
      );
    }
    const sampled = memory.stop();
    const alive = readMemory(parley.pid);
    const peak = Math.max(alive?.peak ?? 0, sampled);
    const added = peak - measured.idleRss;
    console.log(`  [${build.label}] ${kind}, ${scenario}: Parley RSS idle ${mb(measured.idleRss)}, peak (VmHWM) ${mb(peak)}, added ${mb(added)}${alive ? '' : ' — the process is gone'}`);
    const breakdown = measured.breakdown();
    if (breakdown) console.log(`  [${build.label}] ${kind}, ${scenario}: ${breakdown}`);
    const metric = `${build.label === 'before' ? '[before] ' : ''}${kind}, ${scenario}`;
    const rss =
      kind === 'postgres'
        ? result(bench, `${metric}: Parley peak RSS (idle ${mb(measured.idleRss)})`, mb(peak), `≤ ${mb(postgresTargetBytes)}`, peak > 0 && peak <= postgresTargetBytes)
        : result(bench, `${metric}: Parley peak RSS above idle (idle ${mb(measured.idleRss)})`, mb(added), `≤ ${mb(pgliteAddedTargetBytes)}`, peak > 0 && added <= pgliteAddedTargetBytes);
    const answered = result(bench, `${metric}: answered, server alive`, `${delivered}${alive ? '' : ', crashed'}`, expected, user.failed === 0 && alive !== undefined);
    return { peak, added, results: [answered, rss] };
  } finally {
    user.close();
    await measured.close();
    await fake.close();
  }
}

runIfMain(import.meta.url, runAbuseMemory);
