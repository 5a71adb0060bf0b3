import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT_PARENT_ID, type SseEvent } from '@parley/core';
import { benchStreamPrompt } from './paced-fake-protocol.ts';
import { startFloorRelay } from './floor-relay.ts';
import type { PacedFake } from './paced-fake.ts';
import { readCpuTimesMs } from './proc-usage.ts';
import { postEventStream } from './sse-client.ts';
import { distribution, ms } from './stats.ts';
import { peakOverlap, StreamCheck } from './stream-check.ts';

/**
 * The streaming benches' shared runs: batches of concurrent streams through each path (straight
 * from the paced fake, through the floor relay, through Parley), the paths in turns, each chunk
 * checked, a relay's CPU taken over its measured batches only.
 */
export const streams = Number(process.env.BENCH_STREAMS ?? 500);
/** `BENCH_CHUNKS=20` beside the default 200 tells the per-exchange cost from the per-chunk cost (two runs, two unknowns). */
export const chunks = Number(process.env.BENCH_CHUNKS ?? 200);
export const spacingMs = 10;
/**
 * Streams run through each path before it is measured, so JIT and connection set-up are not
 * counted. 10 warmed the per-chunk code (2,000 chunks) but not the per-exchange code (sign-in,
 * queries, title call), which V8 optimises only after some tens of calls: Parley's 10 warm-up
 * streams took 0.6 s of CPU, most of it compiling, and the compiling went on into the measured run.
 *
 * `BENCH_WARMUP_STREAMS=500` warms each path with a whole batch first: V8 goes on optimising an
 * exchange's set-up for thousands of calls, and the per-chunk figures then fall (Messages in: 1.87 →
 * 1.24× the floor; the web chat's marginal chunk 1.8–2.2 → 1.5–1.8×). The web chat's added p99 on
 * PostgreSQL then rose to 300–420 ms: after the bigger warm-up, the measured burst's user-message
 * inserts waited p50 242 ms (21–29 ms after 50), and since the upstream call starts before that
 * insert is done, the chunks that came meanwhile count as late (the paced fake's clock starts when
 * the request arrives). Storing the first messages of one turn in one statement made such a burst
 * 5–10× quicker, yet the p99 after 500 warm-up streams still rose (+74 and +539 ms in two runs):
 * PostgreSQL's own work after 1,000 conversations is the next suspect, as the quiet wait watches the
 * relay's CPU only.
 */
export const warmUpStreams = Number(process.env.BENCH_WARMUP_STREAMS ?? 50);

export interface Run {
  checks: StreamCheck[];
  latencies: number[];
}

/** CPU time used, user and system (the kernel's part: socket reads and writes), in milliseconds. */
export interface CpuMs {
  user: number;
  system: number;
}

const cpuOf = (pids: readonly number[]): CpuMs =>
  pids.map(readCpuTimesMs).reduce((sum, cpu) => ({ user: sum.user + cpu.user, system: sum.system + cpu.system }), { user: 0, system: 0 });

const quietPollMs = 100;
/** Below this much CPU per poll (one or two of /proc's 10 ms ticks), the processes count as done with a batch. */
const quietCpuMs = 20;
const quietMaxPolls = 100;

/**
 * The CPU time of `pids` once they are quiet again: a batch's work goes on after its last client
 * read (settling and recording each call, the reply writes, garbage collection), and is part of
 * that batch, not of the next one measured. Polls every 100 ms, for at most 10 s.
 */
async function cpuWhenQuiet(pids: readonly number[]): Promise<CpuMs> {
  let last = cpuOf(pids);
  for (let poll = 0; poll < quietMaxPolls; poll++) {
    await sleep(quietPollMs);
    const now = cpuOf(pids);
    if (now.user + now.system - (last.user + last.system) < quietCpuMs) return last;
    last = now;
  }
  return last;
}

export interface CallRun {
  /** Calls measured, and how many run at once. */
  count: number;
  concurrency: number;
  /** Calls made first and not measured: V8 goes on optimising a request's code for some thousands of calls. */
  warmUp: number;
}

/**
 * The CPU milliseconds `pids` spend per call over `count` calls, `concurrency` at a time, after
 * `warmUp` calls: what one short request or exchange costs apart from any streaming.
 */
export async function cpuPerCall(pids: readonly number[], call: () => Promise<void>, { count, concurrency, warmUp }: CallRun): Promise<number> {
  const run = async (total: number) => {
    let next = 0;
    const worker = async () => {
      while (next < total) {
        next += 1;
        await call();
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  };
  await run(warmUp);
  const before = await cpuWhenQuiet(pids);
  await run(count);
  const { user, system } = await cpuSince(before, pids);
  return (user + system) / count;
}

async function cpuSince(before: CpuMs, pids: readonly number[]): Promise<CpuMs> {
  const now = await cpuWhenQuiet(pids);
  return { user: now.user - before.user, system: now.system - before.system };
}

export type OpenStream = (stream: number, check: StreamCheck) => Promise<void>;

/** Runs `count` streams at once through `open`, one StreamCheck each. */
async function runStreams(fake: PacedFake, firstStream: number, count: number, open: OpenStream): Promise<Run> {
  const latencies: number[] = [];
  const checks = Array.from({ length: count }, (_, i) => new StreamCheck(firstStream + i, chunks, fake, latencies));
  await Promise.all(
    checks.map(async (check) => {
      await open(check.stream, check).catch((error: unknown) => check.fail(String(error)));
      check.complete();
    }),
  );
  return { checks, latencies };
}

/**
 * Measured batches per path (`BENCH_ROUNDS`). A single batch of each path, one after the other,
 * carried the machine's drift into the ratio: within minutes, the floor relay alone measured 20 to
 * 26 µs a chunk and one Parley build 1.19 to 1.63× of it, in six runs each.
 */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
/** Stream numbers each path takes from the paced fake: its warm-up and its measured batches. */
export const streamsPerPath = warmUpStreams + rounds * streams;

/** One way to the paced fake's streams, and the processes whose CPU it costs (none: the client's own). */
export interface MeasuredPath {
  open: OpenStream;
  pids?: readonly number[];
}

/** A path's measured batches together: every stream's check and chunk latency, the CPU summed. */
interface PathRun extends Run {
  cpu: CpuMs;
  /** Streams measured: `rounds` batches of `streams`. */
  measured: number;
}

/**
 * Warms every path with a batch, then measures them in turns, `rounds` times (the first path, the
 * second, …, the first again): each path's figures then come from batches spread over the same
 * stretch of time as the others'. The CPU of a path's processes is taken over its measured
 * batches only, each from quiet to quiet: a batch's own tail counted, the one before it not.
 * Path `i` reads streams `i * streamsPerPath` on (the fake must serve `paths × streamsPerPath`).
 */
export async function measureInTurns<const Paths extends readonly MeasuredPath[]>(fake: PacedFake, paths: Paths): Promise<{ [K in keyof Paths]: PathRun }> {
  for (const [i, path] of paths.entries()) {
    const warm = await runStreams(fake, i * streamsPerPath, warmUpStreams, path.open);
    const broken = warm.checks.find((c) => c.problem);
    if (broken) throw new Error(`warm-up failed: ${broken.problem}`);
  }
  const runs: PathRun[] = paths.map(() => ({ checks: [], latencies: [], cpu: { user: 0, system: 0 }, measured: 0 }));
  for (let round = 0; round < rounds; round++) {
    for (const [i, path] of paths.entries()) {
      const pids = path.pids ?? [];
      const before = await cpuWhenQuiet(pids);
      const batch = await runStreams(fake, i * streamsPerPath + warmUpStreams + round * streams, streams, path.open);
      const { user, system } = await cpuSince(before, pids);
      const run = runs[i]!;
      run.checks.push(...batch.checks);
      for (const latency of batch.latencies) run.latencies.push(latency);
      run.cpu = { user: run.cpu.user + user, system: run.cpu.system + system };
      run.measured += streams;
    }
  }
  return runs as { [K in keyof Paths]: PathRun };
}

/** The direct path: the same client reading the fake's Chat Completions streams itself. */
export const directStream = (fake: PacedFake, agent: http.Agent) => chatCompletionsStream(`${fake.url}/v1`, 'sk-bench', agent);

/** A Chat Completions stream read as the `openai` SDK reads it, from `baseUrl` (the fake's, or Parley's `/v1`). */
export function chatCompletionsStream(baseUrl: string, key: string, agent: http.Agent): OpenStream {
  return async (stream: number, check: StreamCheck) => {
    const status = await postEventStream({
      url: `${baseUrl}/chat/completions`,
      agent,
      headers: { authorization: `Bearer ${key}` },
      body: { model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: benchStreamPrompt(stream) }] },
      onFrame(frame, arrivedAt) {
        if (frame.data === '[DONE]') return;
        const content = (JSON.parse(frame.data) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content;
        if (content) check.receive(content, arrivedAt);
      },
    });
    if (status !== 200) check.fail(`status ${status}`);
  };
}

/**
 * Through Parley (or the floor relay, which speaks the same frames): `created`, deltas with
 * consecutive `seq`, then `final` holding the whole reply.
 */
export function parleyStream(parleyUrl: string, token: string, agent: http.Agent) {
  return async (stream: number, check: StreamCheck) => {
    let seq = 0;
    let created = false;
    let final = false;
    const onFrame = (frame: SseEvent, arrivedAt: number) => {
      if (frame.event !== 'message') return check.fail(`${frame.event} frame: ${frame.data.slice(0, 200)}`);
      const data = JSON.parse(frame.data) as { created?: true; seq?: number; delta?: string; final?: true; responseMessage?: { text: string } };
      if (data.created) created = true;
      else if (data.final) {
        final = true;
        if (data.responseMessage?.text !== check.expectedText()) check.fail('the final frame holds a different reply text');
      } else if (data.delta !== undefined) {
        if (data.seq !== seq + 1) check.fail(`seq ${data.seq} after ${seq}`);
        seq = data.seq ?? seq;
        check.receive(data.delta, arrivedAt);
      }
    };
    const status = await postEventStream({
      url: `${parleyUrl}/api/ask/openAI`,
      agent,
      headers: { authorization: `Bearer ${token}` },
      body: { text: benchStreamPrompt(stream), conversationId: null, parentMessageId: ROOT_PARENT_ID, endpoint: 'openAI', model: 'gpt-4o-mini' },
      onFrame,
      timeoutMs: 120_000,
    });
    if (status !== 200) check.fail(`status ${status}`);
    if (!created || !final) check.fail(`stream ended without ${created ? 'final' : 'created'}`);
  };
}

/** The batches of a path's run, in the order they ran (`streams` checks each). */
const batchesOf = (run: Run) => Array.from({ length: Math.ceil(run.checks.length / streams) }, (_, i) => run.checks.slice(i * streams, (i + 1) * streams));

/** Prints a path's chunk latencies (over all its batches) and how its streams overlapped (the widest spread, the least overlap of a batch). */
export function describe(name: string, run: Run) {
  const label = name.padEnd('through the floor relay'.length);
  const d = distribution(run.latencies);
  const batches = batchesOf(run);
  const spreads = batches.map((checks) => {
    const firsts = checks.map((c) => c.firstAt).filter((at) => !Number.isNaN(at));
    return Math.max(...firsts) - Math.min(...firsts);
  });
  const overlap = Math.min(...batches.map((checks) => peakOverlap(checks)));
  console.log(`  ${label}: chunk latency p50 ${ms(d.p50)}, p99 ${ms(d.p99)}, max ${ms(d.max)} over ${d.count} chunks in ${batches.length} batches`);
  console.log(
    `  ${' '.repeat(label.length)}  first chunks spread over at most ${ms(Math.max(...spreads), 0)}; at least ${overlap} of ${streams} streams of each batch were delivering at once`,
  );
  return d;
}

export type FloorPath = MeasuredPath & { stop(): Promise<void> };

/** The floor path: the same streams through a relay that does nothing but relay (floor-relay-server.ts), running until stopped. */
export async function startFloorPath(fake: PacedFake, agent: http.Agent): Promise<FloorPath> {
  const relay = await startFloorRelay(`${fake.url}/v1`);
  return { open: parleyStream(relay.url, 'unused', agent), pids: [relay.pid], stop: () => relay.stop() };
}
