import http from 'node:http';
import { ROOT_PARENT_ID } from '@parley/core';
import { registerBenchUser } from './lib/account.ts';
import { startPacedFake } from './lib/paced-fake.ts';
import type { BenchParley } from './lib/parley.ts';
import { startParleyInstances, stopParleyInstances } from './lib/parley-instances.ts';
import { readMemory, sampleRss } from './lib/proc-usage.ts';
import { createThrowawayPostgres } from './lib/throwaway-postgres.ts';
import { result, type BenchResult } from './lib/report.ts';
import { runIfMain } from './lib/run-main.ts';
import { mb, ms } from './lib/stats.ts';
import { postEventStream } from './lib/sse-client.ts';
import { chunks, cpuPerCall, describe, directStream, measureInTurns, parleyStream, spacingMs, startFloorPath, streams, streamsPerPath, warmUpStreams, type CpuMs, type FloorPath, type OpenStream } from './lib/stream-runs.ts';

const bench = 'concurrent-streams';
/**
 * Latency and CPU are judged against the floor relay measured in the same run: on a shared
 * 2-core machine the absolute figures move by more than a fixed target from run to run, while
 * what Parley adds over a relay that only relays is what Parley's code decides.
 */
const targets = { addedP99OverFloorMs: 5, cpuPerChunkOverFloor: 1.5, cpuPerExchangeMs: 3, rssBytes: 300 * 1024 * 1024 };
/** Short exchanges (a first message answered in one chunk, then titled) measured for the CPU of an exchange, this many at a time. */
const shortExchanges = 500;
const shortConcurrency = 50;
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

/** One first message the fake answers at once in one chunk: everything an exchange costs but its chunks (its title included). */
async function shortExchange(url: string, token: string, agent: http.Agent): Promise<void> {
  const status = await postEventStream({
    url: `${url}/api/ask/openAI`,
    agent,
    headers: { authorization: `Bearer ${token}` },
    body: { text: 'hello', conversationId: null, parentMessageId: ROOT_PARENT_ID, endpoint: 'openAI', model: 'gpt-4o-mini' },
    onFrame: () => undefined,
  });
  if (status !== 200) throw new Error(`short exchange answered ${status}`);
}

/**
 * 500 streams at once of 200 chunks 10 ms apart, straight from the paced fake (the baseline: the
 * client's own delay), through the floor relay (what relaying alone costs on this machine, since
 * the client and the fake share its cores) and through Parley, the three in turns (measureInTurns). Every chunk
 * is checked for order and content; Parley's resident memory is sampled from /proc while it
 * streams. Then 500 short exchanges tell the CPU of an exchange apart from that of its chunks:
 * the marginal CPU per chunk is the streaming CPU less 500 exchanges' worth, per chunk.
 */
export async function runConcurrentStreams(): Promise<BenchResult[]> {
  const fake = await startPacedFake({ streams: 3 * streamsPerPath, chunks, spacingMs });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 * streams });
  let parleys: BenchParley[] = [];
  const postgres = database === 'postgres' ? await createThrowawayPostgres() : undefined;
  const processes = instanceCount > 1 ? `${instanceCount} Parley processes` : 'Parley';
  const configuration = `${processes} on ${postgres ? 'PostgreSQL (throw-away database, 127.0.0.1:5432)' : 'embedded PGlite'}, streams ${redisUrl ? 'in Redis' : 'in memory'}`;
  console.log(`  configuration: ${configuration}`);
  let floorPath: FloorPath | undefined;
  try {
    floorPath = await startFloorPath(fake, agent);
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
    const [direct, floor, through] = await measureInTurns(fake, [{ open: directStream(fake, agent) }, floorPath, { open, pids }]);
    const { cpu } = through;
    // The target is per process: each instance is a server of its own.
    const rss = Math.max(...memories.map((memory) => memory.stop()));
    const peak = Math.max(...parleys.map((parley) => readMemory(parley.pid)?.peak ?? 0));
    const first = parleys[0]!;
    const exchangeMs = await cpuPerCall([first.pid], () => shortExchange(first.url, token, agent), { count: shortExchanges, concurrency: shortConcurrency, warmUp: 100 });

    const d = describe('direct to the fake', direct);
    const f = describe('through the floor relay', floor);
    const p = describe('through Parley', through);
    const broken = [...direct.checks, ...floor.checks, ...through.checks].filter((c) => c.problem);
    for (const check of broken.slice(0, 5)) console.log(`  ${check.problem}`);
    console.log(`  Parley RSS while streaming: max ${mb(rss)} (VmHWM since start ${mb(peak)})${instanceCount > 1 ? ', the largest instance' : ''}`);
    const relayed = through.measured * chunks;
    const usPerChunk = (usedMs: number) => (usedMs * 1000) / relayed;
    const parleyUs = usPerChunk(cpu.user + cpu.system - through.measured * exchangeMs);
    const floorUs = usPerChunk(floor.cpu.user + floor.cpu.system);
    const perChunk = ({ user, system }: CpuMs) =>
      `${((user + system) / 1000).toFixed(1)} s for ${relayed} chunks (${usPerChunk(user + system).toFixed(0)} µs per chunk: user ${usPerChunk(user).toFixed(0)}, system ${usPerChunk(system).toFixed(0)}`;
    console.log(`  Parley CPU while streaming: ${perChunk(cpu)}, exchange set-up included)`);
    console.log(`  Parley CPU per exchange:    ${ms(exchangeMs, 2)} (${shortExchanges} first messages answered in one chunk and titled, ${shortConcurrency} at a time)`);
    console.log(`  floor relay CPU:            ${perChunk(floor.cpu)})`);
    const intact = through.checks.length - through.checks.filter((c) => c.problem).length;
    const added = p.p99 - d.p99;
    const floorAdded = f.p99 - d.p99;
    const addedLimit = floorAdded + targets.addedP99OverFloorMs;
    const cpuLimit = floorUs * targets.cpuPerChunkOverFloor;
    console.log(`  a relay that only relays adds ${ms(floorAdded)} at p99 here: this machine's floor for this load`);
    return [
      result(bench, `streams delivered complete and in order`, `${intact}/${through.measured}`, `${through.measured}/${through.measured}`, intact === through.measured),
      result(
        bench,
        'added chunk latency p99 (Parley − direct)',
        `${ms(added)} (floor relay ${ms(floorAdded)}, Parley ${added >= floorAdded ? '+' : '−'}${ms(Math.abs(added - floorAdded))})`,
        `≤ floor + ${targets.addedP99OverFloorMs} ms = ${ms(addedLimit)}`,
        added <= addedLimit,
      ),
      result(
        bench,
        'marginal CPU per relayed chunk (exchange set-up taken out)',
        `Parley ${parleyUs.toFixed(1)} µs (floor relay ${floorUs.toFixed(1)} µs with its set-up, ${(parleyUs / floorUs).toFixed(2)}×)`,
        `≤ ${targets.cpuPerChunkOverFloor}× floor = ${cpuLimit.toFixed(1)} µs`,
        parleyUs > 0 && parleyUs <= cpuLimit,
      ),
      result(bench, 'CPU per exchange (sign-in check, writes, upstream call, title, final save)', ms(exchangeMs, 2), `≤ ${targets.cpuPerExchangeMs} ms`, exchangeMs > 0 && exchangeMs <= targets.cpuPerExchangeMs),
      result(bench, `Parley RSS while streaming (${postgres ? 'PostgreSQL' : 'PGlite'})`, mb(rss), `≤ ${mb(targets.rssBytes)}`, rss > 0 && rss <= targets.rssBytes),
    ];
  } finally {
    agent.destroy();
    await floorPath?.stop();
    await stopParleyInstances(parleys);
    await fake.close();
    await postgres?.drop();
  }
}

runIfMain(import.meta.url, runConcurrentStreams);
