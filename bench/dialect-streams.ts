import http from 'node:http';
import { mintBenchKey } from './lib/bench-key.ts';
import { startPacedFake } from './lib/paced-fake.ts';
import { benchStreamPrompt } from './lib/paced-fake-protocol.ts';
import type { BenchParley } from './lib/parley.ts';
import { startParleyInstances, stopParleyInstances } from './lib/parley-instances.ts';
import { result, type BenchResult } from './lib/report.ts';
import { runIfMain } from './lib/run-main.ts';
import { postEventStream } from './lib/sse-client.ts';
import { chunks, describe, measureInTurns, spacingMs, startFloorPath, streams, streamsPerPath, type CpuMs, type FloorPath, type OpenStream } from './lib/stream-runs.ts';
import type { StreamCheck } from './lib/stream-check.ts';
import { createThrowawayPostgres } from './lib/throwaway-postgres.ts';

const bench = 'dialect-streams';
/** Issue 26's target for a translating dialect: Messages in, Chat Completions upstream. */
const cpuPerChunkOverFloor = 1.5;

/**
 * A Messages stream as Claude Code reads it, from Parley's `/v1/messages`, for a GPT model: the
 * call is translated to Chat Completions upstream and its chunks written back as Anthropic events.
 */
function messagesStream(parleyUrl: string, key: string, agent: http.Agent): OpenStream {
  return async (stream: number, check: StreamCheck) => {
    let stopped = false;
    const status = await postEventStream({
      url: `${parleyUrl}/v1/messages`,
      agent,
      headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
      body: { model: 'gpt-4o-mini', max_tokens: 4096, stream: true, messages: [{ role: 'user', content: benchStreamPrompt(stream) }] },
      onFrame(frame, arrivedAt) {
        if (frame.event === 'message_stop') stopped = true;
        if (frame.event !== 'content_block_delta') return;
        const delta = (JSON.parse(frame.data) as { delta: { type: string; text?: string } }).delta;
        if (delta.type === 'text_delta' && delta.text) check.receive(delta.text, arrivedAt);
      },
    });
    if (status !== 200) check.fail(`status ${status}`);
    if (!stopped) check.fail('stream ended without message_stop');
  };
}

const cpuMs = ({ user, system }: CpuMs) => user + system;

/**
 * The same 500 streams × 200 chunks as the gateway bench, through the floor relay and through
 * Parley's `/v1/messages` with an access key for a GPT model (on the paced Chat Completions
 * fake), measured in turns: Parley's CPU per relayed chunk against the floor relay's, in the same run.
 */
export async function runDialectStreams(): Promise<BenchResult[]> {
  const fake = await startPacedFake({ streams: 2 * streamsPerPath, chunks, spacingMs });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 * streams });
  const postgres = await createThrowawayPostgres();
  let floorPath: FloorPath | undefined;
  let parleys: BenchParley[] = [];
  try {
    floorPath = await startFloorPath(fake, agent);
    parleys = await startParleyInstances(1, { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: `${fake.url}/v1`, ACCESS_MODE: 'both', DATABASE_URL: postgres.url });
    const parley = parleys[0]!;
    const key = await mintBenchKey(postgres.url, 10_000_000);
    const [floor, through] = await measureInTurns(fake, [floorPath, { open: messagesStream(parley.url, key, agent), pids: [parley.pid] }]);
    describe('through the floor relay', floor);
    describe('through /v1/messages', through);
    const broken = [...floor.checks, ...through.checks].filter((c) => c.problem);
    for (const check of broken.slice(0, 5)) console.log(`  ${check.problem}`);
    const parleyUs = (cpuMs(through.cpu) * 1000) / (through.measured * chunks);
    const floorUs = (cpuMs(floor.cpu) * 1000) / (floor.measured * chunks);
    const intact = through.checks.filter((c) => !c.problem).length;
    return [
      result(bench, 'Messages streams delivered complete and in order', `${intact}/${through.measured}`, `${through.measured}/${through.measured}`, intact === through.measured),
      result(
        bench,
        'CPU per relayed chunk, Messages in, Chat Completions upstream',
        `${parleyUs.toFixed(1)} µs (floor relay ${floorUs.toFixed(1)} µs, ${(parleyUs / floorUs).toFixed(2)}×)`,
        `≤ ${cpuPerChunkOverFloor}× floor`,
        parleyUs <= floorUs * cpuPerChunkOverFloor,
      ),
    ];
  } finally {
    agent.destroy();
    await floorPath?.stop();
    await stopParleyInstances(parleys);
    await fake.close();
    await postgres.drop();
  }
}

runIfMain(import.meta.url, runDialectStreams);
