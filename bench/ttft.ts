import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT_PARENT_ID, type SseEvent } from '@parley/core';
import { startOpenAIFake } from '@parley/testkit';
import { registerBenchUser } from './lib/account.ts';
import { nowMs } from './lib/clock.ts';
import { startBenchParley } from './lib/parley.ts';
import { result, type BenchResult } from './lib/report.ts';
import { runIfMain } from './lib/run-main.ts';
import { postEventStream } from './lib/sse-client.ts';
import { distribution, ms } from './lib/stats.ts';

const bench = 'ttft';
const measured = Number(process.env.BENCH_TTFT_N ?? 300);
const warmUp = 30;
const targetMs = 3;
const model = 'gpt-4o-mini';
const betweenPairsMs = 40;

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
 * Time-to-first-token through Parley against calling the OpenAI fake directly, measured in
 * turns (the order alternates so neither path always runs on a warmer machine). Each Parley
 * request starts a new conversation: the path a user takes for every first message.
 */
export async function runTtft(): Promise<BenchResult[]> {
  const fake = await startOpenAIFake();
  const parley = await startBenchParley({
    env: { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: `${fake.url}/v1` },
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  try {
    const token = await registerBenchUser(parley.url, 'ttft');
    const direct = (i: number) =>
      timeToFirstToken(
        `${fake.url}/v1/chat/completions`,
        { model, stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: `Hello number ${i}` }] },
        { authorization: 'Bearer sk-bench' },
        agent,
        isOpenAIContent,
      );
    const throughParley = (i: number) =>
      timeToFirstToken(
        `${parley.url}/api/ask/openAI`,
        { text: `Hello number ${i}`, conversationId: null, parentMessageId: ROOT_PARENT_ID, endpoint: 'openAI', model },
        { authorization: `Bearer ${token}` },
        agent,
        isParleyDelta,
      );

    const directTimes: number[] = [];
    const parleyTimes: number[] = [];
    const createdTimes: number[] = [];
    for (let i = 0; i < warmUp + measured; i++) {
      const directFirst = i % 2 === 0;
      const a = await (directFirst ? direct(i) : throughParley(i));
      const b = await (directFirst ? throughParley(i) : direct(i));
      // A first reply is named after its final frame (a second upstream call and a write): a person's next
      // first message does not come within milliseconds, so the next pair starts once that work is done.
      await sleep(betweenPairsMs);
      if (i < warmUp) continue;
      const [d, p] = directFirst ? [a, b] : [b, a];
      directTimes.push(d.token);
      parleyTimes.push(p.token);
      if (p.created !== undefined) createdTimes.push(p.created);
    }

    const d = distribution(directTimes);
    const p = distribution(parleyTimes);
    const added = p.p50 - d.p50;
    console.log(`  ${measured} requests each way after ${warmUp} warm-up pairs, ${betweenPairsMs} ms apart`);
    console.log(`  direct to the fake: p50 ${ms(d.p50)}, p95 ${ms(d.p95)}`);
    console.log(`  through Parley:     p50 ${ms(p.p50)}, p95 ${ms(p.p95)} (its created frame: p50 ${ms(distribution(createdTimes).p50)})`);
    return [result(bench, 'TTFT added by Parley (p50 difference)', ms(added), `≤ ${targetMs} ms`, added <= targetMs)];
  } finally {
    agent.destroy();
    await parley.stop();
    await fake.close();
  }
}

runIfMain(import.meta.url, runTtft);
