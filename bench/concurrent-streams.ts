import http from 'node:http';
import { ROOT_PARENT_ID, type SseEvent } from '@parley/core';
import { registerBenchUser } from './lib/account.ts';
import { benchStreamPrompt } from './lib/paced-fake-protocol.ts';
import { startFloorRelay } from './lib/floor-relay.ts';
import { startPacedFake, type PacedFake } from './lib/paced-fake.ts';
import type { BenchParley } from './lib/parley.ts';
import { startParleyInstances, stopParleyInstances } from './lib/parley-instances.ts';
import { readCpuTimesMs, readMemory, sampleRss } from './lib/proc-usage.ts';
import { createThrowawayPostgres } from './lib/throwaway-postgres.ts';
import { result, type BenchResult } from './lib/report.ts';
import { runIfMain } from './lib/run-main.ts';
import { postEventStream } from './lib/sse-client.ts';
import { distribution, mb, ms } from './lib/stats.ts';
import { peakOverlap, StreamCheck } from './lib/stream-check.ts';

const bench = 'concurrent-streams';
const streams = Number(process.env.BENCH_STREAMS ?? 500);
/** `BENCH_CHUNKS=20` beside the default 200 tells the per-exchange cost from the per-chunk cost (two runs, two unknowns). */
const chunks = Number(process.env.BENCH_CHUNKS ?? 200);
const spacingMs = 10;
/**
 * Streams run through each path before it is measured, so JIT and connection set-up are not
 * counted. 10 warmed the per-chunk code (2,000 chunks) but not the per-exchange code (sign-in,
 * queries, title call), which V8 optimises only after some tens of calls: Parley's 10 warm-up
 * streams took 0.6 s of CPU, most of it compiling, and the compiling went on into the measured run.
 */
const warmUpStreams = 50;
/**
 * Latency and CPU are judged against the floor relay measured in the same run: on a shared
 * 2-core machine the absolute figures move by more than a fixed target from run to run, while
 * what Parley adds over a relay that only relays is what Parley's code decides.
 */
const targets = { addedP99OverFloorMs: 5, cpuPerChunkOverFloor: 1.5, rssBytes: 300 * 1024 * 1024 };
/**
 * 500 concurrent streams is a scale-out load, so by default Parley runs as it is deployed for it:
 * on PostgreSQL (a throw-away database on the local server), optionally with Redis
 * (`BENCH_REDIS=1`). `BENCH_DATABASE=pglite` measures the embedded default instead; its RSS
 * includes PGlite's own ~330 MB. `BENCH_INSTANCES=n` runs n Parley processes on the one database
 * and Redis, the streams dealt out in turn as a round-robin proxy would: for a machine with
 * cores to spare beyond the bench's own client and fake upstream.
 */
const database = process.env.BENCH_DATABASE === 'pglite' ? 'pglite' : 'postgres';
const instanceCount = Math.max(1, Number(process.env.BENCH_INSTANCES ?? 1));
const redisUrl = process.env.BENCH_REDIS || instanceCount > 1 ? (process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') : undefined;

interface Run {
  checks: StreamCheck[];
  latencies: number[];
}

/** CPU time used, user and system (the kernel's part: socket reads and writes), in milliseconds. */
interface CpuMs {
  user: number;
  system: number;
}

const cpuOf = (pids: readonly number[]): CpuMs =>
  pids.map(readCpuTimesMs).reduce((sum, cpu) => ({ user: sum.user + cpu.user, system: sum.system + cpu.system }), { user: 0, system: 0 });

function cpuSince(before: CpuMs, pids: readonly number[]): CpuMs {
  const now = cpuOf(pids);
  return { user: now.user - before.user, system: now.system - before.system };
}

type OpenStream = (stream: number, check: StreamCheck) => Promise<void>;

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
 * A warm-up batch, then the measured one; each path has its own block of stream numbers. The
 * CPU time of the processes `pids` (the relay under test) is taken over the measured batch only.
 */
async function measurePath(fake: PacedFake, block: number, open: OpenStream, pids: readonly number[] = []): Promise<Run & { cpu: CpuMs }> {
  const first = block * (warmUpStreams + streams);
  const warm = await runStreams(fake, first, warmUpStreams, open);
  const broken = warm.checks.find((c) => c.problem);
  if (broken) throw new Error(`warm-up failed: ${broken.problem}`);
  const cpuBefore = cpuOf(pids);
  const run = await runStreams(fake, first + warmUpStreams, streams, open);
  return { ...run, cpu: cpuSince(cpuBefore, pids) };
}

/** The direct path: the same client reading the fake's Chat Completions streams itself. */
function directStream(fake: PacedFake, agent: http.Agent) {
  return async (stream: number, check: StreamCheck) => {
    const status = await postEventStream({
      url: `${fake.url}/v1/chat/completions`,
      agent,
      headers: { authorization: 'Bearer sk-bench' },
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
function parleyStream(parleyUrl: string, token: string, agent: http.Agent) {
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

function describe(name: string, run: Run) {
  const label = name.padEnd('through the floor relay'.length);
  const d = distribution(run.latencies);
  const firsts = run.checks.map((c) => c.firstAt).filter((at) => !Number.isNaN(at));
  const startSpread = Math.max(...firsts) - Math.min(...firsts);
  console.log(`  ${label}: chunk latency p50 ${ms(d.p50)}, p99 ${ms(d.p99)}, max ${ms(d.max)} over ${d.count} chunks`);
  console.log(
    `  ${' '.repeat(label.length)}  first chunks spread over ${ms(startSpread, 0)}; at most ${peakOverlap(run.checks)} of ${streams} streams were delivering at once`,
  );
  return d;
}

/** The floor path: the same streams through a relay that does nothing but relay (floor-relay-server.ts). */
async function measureFloor(fake: PacedFake, agent: http.Agent): Promise<Run & { cpu: CpuMs }> {
  const relay = await startFloorRelay(`${fake.url}/v1`);
  try {
    return await measurePath(fake, 1, parleyStream(relay.url, 'unused', agent), [relay.pid]);
  } finally {
    await relay.stop();
  }
}

/**
 * 500 streams at once of 200 chunks 10 ms apart, first straight from the paced fake (the
 * baseline: the client's own delay), then through the floor relay (what relaying alone costs on
 * this machine, since the client and the fake share its cores), then through Parley. Every chunk
 * is checked for order and content; Parley's resident memory is sampled from /proc while it
 * streams.
 */
export async function runConcurrentStreams(): Promise<BenchResult[]> {
  const fake = await startPacedFake({ streams: 3 * (warmUpStreams + streams), chunks, spacingMs });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 * streams });
  let parleys: BenchParley[] = [];
  const postgres = database === 'postgres' ? await createThrowawayPostgres() : undefined;
  const processes = instanceCount > 1 ? `${instanceCount} Parley processes` : 'Parley';
  const configuration = `${processes} on ${postgres ? 'PostgreSQL (throw-away database, 127.0.0.1:5432)' : 'embedded PGlite'}, streams ${redisUrl ? 'in Redis' : 'in memory'}`;
  console.log(`  configuration: ${configuration}`);
  try {
    const direct = await measurePath(fake, 0, directStream(fake, agent));
    const floor = await measureFloor(fake, agent);
    parleys = await startParleyInstances(instanceCount, {
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_BASE_URL: `${fake.url}/v1`,
      CONCURRENT_MESSAGE_MAX: String(streams + warmUpStreams),
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    });
    const token = await registerBenchUser(parleys[0]!.url, 'streams');
    const opens = parleys.map((parley) => parleyStream(parley.url, token, agent));
    const open: OpenStream = (stream, check) => opens[stream % opens.length]!(stream, check);
    const memories = parleys.map((parley) => sampleRss(parley.pid));
    const pids = parleys.map((parley) => parley.pid);
    const through = await measurePath(fake, 2, open, pids);
    const { cpu } = through;
    // The target is per process: each instance is a server of its own.
    const rss = Math.max(...memories.map((memory) => memory.stop()));
    const peak = Math.max(...parleys.map((parley) => readMemory(parley.pid)?.peak ?? 0));

    const d = describe('direct to the fake', direct);
    const f = describe('through the floor relay', floor);
    const p = describe('through Parley', through);
    const broken = [...direct.checks, ...floor.checks, ...through.checks].filter((c) => c.problem);
    for (const check of broken.slice(0, 5)) console.log(`  ${check.problem}`);
    console.log(`  Parley RSS while streaming: max ${mb(rss)} (VmHWM since start ${mb(peak)})${instanceCount > 1 ? ', the largest instance' : ''}`);
    const relayed = streams * chunks;
    const usPerChunk = (usedMs: number) => (usedMs * 1000) / relayed;
    const parleyUs = usPerChunk(cpu.user + cpu.system);
    const floorUs = usPerChunk(floor.cpu.user + floor.cpu.system);
    const perChunk = ({ user, system }: CpuMs) =>
      `${((user + system) / 1000).toFixed(1)} s for ${relayed} chunks (${usPerChunk(user + system).toFixed(0)} µs per chunk: user ${usPerChunk(user).toFixed(0)}, system ${usPerChunk(system).toFixed(0)}`;
    console.log(`  Parley CPU while streaming: ${perChunk(cpu)}, exchange set-up included)`);
    console.log(`  floor relay CPU:            ${perChunk(floor.cpu)})`);
    const intact = through.checks.length - through.checks.filter((c) => c.problem).length;
    const added = p.p99 - d.p99;
    const floorAdded = f.p99 - d.p99;
    const addedLimit = floorAdded + targets.addedP99OverFloorMs;
    const cpuLimit = floorUs * targets.cpuPerChunkOverFloor;
    console.log(`  a relay that only relays adds ${ms(floorAdded)} at p99 here: this machine's floor for this load`);
    return [
      result(bench, `streams delivered complete and in order`, `${intact}/${streams}`, `${streams}/${streams}`, intact === streams),
      result(
        bench,
        'added chunk latency p99 (Parley − direct)',
        `${ms(added)} (floor relay ${ms(floorAdded)}, Parley ${added >= floorAdded ? '+' : '−'}${ms(Math.abs(added - floorAdded))})`,
        `≤ floor + ${targets.addedP99OverFloorMs} ms = ${ms(addedLimit)}`,
        added <= addedLimit,
      ),
      result(
        bench,
        'CPU per relayed chunk',
        `Parley ${parleyUs.toFixed(1)} µs (floor relay ${floorUs.toFixed(1)} µs, ${(parleyUs / floorUs).toFixed(2)}×)`,
        `≤ ${targets.cpuPerChunkOverFloor}× floor = ${cpuLimit.toFixed(1)} µs`,
        parleyUs > 0 && parleyUs <= cpuLimit,
      ),
      result(bench, `Parley RSS while streaming (${postgres ? 'PostgreSQL' : 'PGlite'})`, mb(rss), `≤ ${mb(targets.rssBytes)}`, rss > 0 && rss <= targets.rssBytes),
    ];
  } finally {
    agent.destroy();
    await stopParleyInstances(parleys);
    await fake.close();
    await postgres?.drop();
  }
}

runIfMain(import.meta.url, runConcurrentStreams);
