import http from 'node:http';
import { mintBenchKey } from './lib/bench-key.ts';
import { startPacedFake } from './lib/paced-fake.ts';
import type { BenchParley } from './lib/parley.ts';
import { startParleyInstances, stopParleyInstances } from './lib/parley-instances.ts';
import { result, type BenchResult } from './lib/report.ts';
import { runIfMain } from './lib/run-main.ts';
import { postEventStream } from './lib/sse-client.ts';
import { ms } from './lib/stats.ts';
import { chatCompletionsStream, chunks, cpuPerCall, describe, directStream, measureInTurns, spacingMs, startFloorPath, streams, streamsPerPath, type CpuMs, type FloorPath } from './lib/stream-runs.ts';
import { createThrowawayPostgres } from './lib/throwaway-postgres.ts';

const bench = 'gateway-streams';
/** Issue 26's targets, each against the floor relay or the direct path measured in the same run. */
const targets = { cpuPerChunkOverFloor: 1.3, addedP99OverFloorMs: 5, cpuPerRequestMs: 1 };
/**
 * Short calls (one chunk each) measured for the per-request CPU, 50 at a time, after as many
 * unmeasured: V8 goes on optimising the request's code over its first few thousand calls (500
 * calls after 100 measured 1.36, then 1.04, 0.86 … 0.46 ms in successive batches of one process).
 */
const requestRun = { count: 2000, concurrency: 50, warmUp: 2000 };

/** One short call: authenticate, route, hold, relay one chunk, settle, record. */
async function shortCall(url: string, key: string, agent: http.Agent): Promise<void> {
  const status = await postEventStream({
    url: `${url}/chat/completions`,
    agent,
    headers: { authorization: `Bearer ${key}` },
    body: { model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'hello' }] },
    onFrame: () => undefined,
  });
  if (status !== 200) throw new Error(`short call answered ${status}`);
}

const cpuMs = ({ user, system }: CpuMs) => user + system;

/**
 * Issue 26's gateway bench: the same 500 streams × 200 chunks as concurrent-streams, straight
 * from the paced fake, through the floor relay, and through Parley's `/v1/chat/completions`
 * with an access key (auth, model route, quota hold, relay, settle, usage record), on
 * PostgreSQL, the three paths measured in turns (measureInTurns). Then 2,000 one-chunk calls
 * (after 2,000 unmeasured) tell Parley's CPU per request. The time to first token the API adds
 * is ttft.ts's: one request at a time, as a person waits for it, not the queue of a 500-stream burst.
 */
export async function runGatewayStreams(): Promise<BenchResult[]> {
  const fake = await startPacedFake({ streams: 3 * streamsPerPath, chunks, spacingMs });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 * streams });
  const postgres = await createThrowawayPostgres();
  let floorPath: FloorPath | undefined;
  let parleys: BenchParley[] = [];
  try {
    floorPath = await startFloorPath(fake, agent);
    parleys = await startParleyInstances(1, { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: `${fake.url}/v1`, ACCESS_MODE: 'both', DATABASE_URL: postgres.url });
    const parley = parleys[0]!;
    const key = await mintBenchKey(postgres.url, 10_000_000);
    const [direct, floor, through] = await measureInTurns(fake, [
      { open: directStream(fake, agent) },
      floorPath,
      { open: chatCompletionsStream(`${parley.url}/v1`, key, agent), pids: [parley.pid] },
    ]);

    const perRequestMs = await cpuPerCall([parley.pid], () => shortCall(`${parley.url}/v1`, key, agent), requestRun);

    const d = describe('direct to the fake', direct);
    const f = describe('through the floor relay', floor);
    const p = describe('through /v1', through);
    const broken = [...direct.checks, ...floor.checks, ...through.checks].filter((c) => c.problem);
    for (const check of broken.slice(0, 5)) console.log(`  ${check.problem}`);
    const relayed = through.measured * chunks;
    const parleyUs = (cpuMs(through.cpu) * 1000) / relayed;
    const floorUs = (cpuMs(floor.cpu) * 1000) / (floor.measured * chunks);
    const added = p.p99 - d.p99;
    const floorAdded = f.p99 - d.p99;
    const intact = through.checks.filter((c) => !c.problem).length;
    console.log(`  Parley CPU while streaming: ${(cpuMs(through.cpu) / 1000).toFixed(1)} s for ${relayed} chunks; floor relay ${(cpuMs(floor.cpu) / 1000).toFixed(1)} s`);
    return [
      result(bench, 'streams delivered complete and in order', `${intact}/${through.measured}`, `${through.measured}/${through.measured}`, intact === through.measured),
      result(bench, 'CPU per relayed chunk', `${parleyUs.toFixed(1)} µs (floor relay ${floorUs.toFixed(1)} µs, ${(parleyUs / floorUs).toFixed(2)}×)`, `≤ ${targets.cpuPerChunkOverFloor}× floor`, parleyUs <= floorUs * targets.cpuPerChunkOverFloor),
      result(bench, 'added chunk latency p99 (Parley − direct)', `${ms(added)} (floor relay ${ms(floorAdded)})`, `≤ floor + ${targets.addedP99OverFloorMs} ms = ${ms(floorAdded + targets.addedP99OverFloorMs)}`, added <= floorAdded + targets.addedP99OverFloorMs),
      result(bench, 'CPU per request (auth, route, hold, settle, record; one chunk)', ms(perRequestMs, 3), `≤ ${targets.cpuPerRequestMs} ms`, perRequestMs <= targets.cpuPerRequestMs),
    ];
  } finally {
    agent.destroy();
    await floorPath?.stop();
    await stopParleyInstances(parleys);
    await fake.close();
    await postgres.drop();
  }
}

runIfMain(import.meta.url, runGatewayStreams);
