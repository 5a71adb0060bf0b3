import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT_PARENT_ID, type SseEvent } from '@parley/core';
import { startOpenAIFake } from '@parley/testkit';
import { createBenchApiToken, registerBenchUser } from './lib/account.ts';
import { nowMs } from './lib/clock.ts';
import { startBenchParley } from './lib/parley.ts';
import { createThrowawayPostgres } from './lib/throwaway-postgres.ts';
import { result, type BenchResult } from './lib/report.ts';
import { runIfMain } from './lib/run-main.ts';
import { postEventStream } from './lib/sse-client.ts';
import { distribution, ms } from './lib/stats.ts';

const bench = 'ttft';
const measured = Number(process.env.BENCH_TTFT_N ?? 300);
const warmUp = 30;
const targetMs = 3;
const model = 'gpt-4o-mini';
const betweenRequestsMs = 40;
/**
 * The embedded PGlite by default, the database a fresh install runs on; `BENCH_DATABASE=postgres`
 * measures the same on a throw-away database of the local PostgreSQL server, where the user
 * message's insert waits on a socket instead of running in Parley's thread.
 */
const database = process.env.BENCH_DATABASE === 'postgres' ? 'postgres' : 'pglite';

interface FirstFrames {
  /** Until Parley's `created` frame: authentication and the writes before the upstream call. */
  created?: number;
  token: number;
}

/** Times from sending the request to the first token (and to `created`); the stream is read to its end. */
async function timeToFirstToken(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  agent: http.Agent,
  isFirstToken: (frame: SseEvent) => boolean,
): Promise<FirstFrames> {
  let firstAt: number | undefined;
  let createdAt: number | undefined;
  const sentAt = nowMs();
  const status = await postEventStream({
    url,
    body,
    headers,
    agent,
    onFrame(frame, arrivedAt) {
      if (createdAt === undefined && frame.data.startsWith('{"created":true')) createdAt = arrivedAt;
      if (firstAt === undefined && isFirstToken(frame)) firstAt = arrivedAt;
    },
  });
  if (status !== 200 || firstAt === undefined) throw new Error(`${url} answered ${status} without a first token`);
  return { token: firstAt - sentAt, created: createdAt === undefined ? undefined : createdAt - sentAt };
}

const isOpenAIContent = (frame: SseEvent) =>
  frame.data !== '[DONE]' && Boolean((JSON.parse(frame.data) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content);

const isParleyDelta = (frame: SseEvent) => frame.event === 'message' && (JSON.parse(frame.data) as { seq?: number }).seq === 1;

/**
 * Time-to-first-token through Parley, on both of its paths, against calling the OpenAI fake
 * directly, measured in turns (the order rotates so no path always runs on a warmer machine).
 * Each chat request starts a new conversation: the path a user takes for every first message.
 * The API path is `/v1/chat/completions` with the same account's personal API token.
 */
export async function runTtft(): Promise<BenchResult[]> {
  const fake = await startOpenAIFake();
  const postgres = database === 'postgres' ? await createThrowawayPostgres() : undefined;
  const parley = await startBenchParley({
    env: { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: `${fake.url}/v1` },
    databaseUrl: postgres?.url,
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  try {
    const token = await registerBenchUser(parley.url, 'ttft');
    const apiToken = await createBenchApiToken(parley.url, token);
    const completions = (url: string, key: string) => (i: number) =>
      timeToFirstToken(
        `${url}/v1/chat/completions`,
        { model, stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: `Hello number ${i}` }] },
        { authorization: `Bearer ${key}` },
        agent,
        isOpenAIContent,
      );
    const direct = completions(fake.url, 'sk-bench');
    const throughApi = completions(parley.url, apiToken);
    const throughChat = (i: number) =>
      timeToFirstToken(
        `${parley.url}/api/ask/openAI`,
        { text: `Hello number ${i}`, conversationId: null, parentMessageId: ROOT_PARENT_ID, endpoint: 'openAI', model },
        { authorization: `Bearer ${token}` },
        agent,
        isParleyDelta,
      );

    const paths = { direct, chat: throughChat, api: throughApi };
    const names = Object.keys(paths) as (keyof typeof paths)[];
    const times = { direct: [] as number[], chat: [] as number[], api: [] as number[] };
    const createdTimes: number[] = [];
    for (let i = 0; i < warmUp + measured; i++) {
      const order = names.map((_, k) => names[(i + k) % names.length]!);
      const round: Partial<Record<keyof typeof paths, FirstFrames>> = {};
      for (const name of order) {
        round[name] = await paths[name](i);
        // A first reply is named after its final frame (a second upstream call and a write), and an API call is
        // settled and recorded after its last chunk: a person's next message does not come within milliseconds,
        // so the next request starts once that work is done, not queued behind it.
        await sleep(betweenRequestsMs);
      }
      if (i < warmUp) continue;
      for (const name of names) times[name].push(round[name]!.token);
      if (round.chat!.created !== undefined) createdTimes.push(round.chat!.created);
    }

    const d = distribution(times.direct);
    const chat = distribution(times.chat);
    const api = distribution(times.api);
    console.log(`  ${measured} requests each way after ${warmUp} warm-up rounds, ${betweenRequestsMs} ms apart, Parley on ${database === 'postgres' ? 'PostgreSQL' : 'PGlite'}`);
    console.log(`  direct to the fake:         p50 ${ms(d.p50)}, p95 ${ms(d.p95)}`);
    console.log(`  through Parley's chat:      p50 ${ms(chat.p50)}, p95 ${ms(chat.p95)} (its created frame: p50 ${ms(distribution(createdTimes).p50)})`);
    console.log(`  through /v1 (an API token): p50 ${ms(api.p50)}, p95 ${ms(api.p95)}`);
    return [
      result(bench, 'TTFT added by Parley, chat (p50 difference)', ms(chat.p50 - d.p50), `≤ ${targetMs} ms`, chat.p50 - d.p50 <= targetMs),
      result(bench, 'TTFT added by Parley, /v1 (p50 difference)', ms(api.p50 - d.p50), `≤ ${targetMs} ms`, api.p50 - d.p50 <= targetMs),
    ];
  } finally {
    agent.destroy();
    await parley.stop();
    await fake.close();
    await postgres?.drop();
  }
}

runIfMain(import.meta.url, runTtft);
