import type { EndpointName } from '@parley/core';
import { startAnthropicFake } from '../fakes/anthropic.ts';
import type { FakeReply, FakeUpstream } from '../fakes/fake-server.ts';
import { startGoogleFake } from '../fakes/google.ts';
import { startDeepSeekFake, startGrokFake, startOpenAIFake } from '../fakes/openai-compatible.ts';

/** A provider fake as the stack exposes it, by the name the control API uses (`/fakes/<name>/…`). */
export interface StackFake {
  name: string;
  /** The Parley endpoint this fake answers for. */
  endpoint: EndpointName;
  url: string;
  /** The variables that enable this endpoint in Parley and point it at the fake. */
  env: Record<string, string>;
  /** Scripts the next replies (see `FakeReply`); with nothing queued the fake echoes the last user turn. */
  enqueue(...replies: FakeReply[]): void;
  /** What the fake has received so far, oldest first. */
  requests(): FakeUpstream['requests'];
  close(): Promise<void>;
}

interface FakeEntry<F extends FakeUpstream = FakeUpstream> {
  name: string;
  endpoint: EndpointName;
  start(): Promise<F>;
  /** Each base URL is what the endpoint's SDK expects in place of the real API origin. */
  env(fake: F): Record<string, string>;
}

/** Keeps each entry's `env` typed by what its own `start` returns. */
const entry = <F extends FakeUpstream>(e: FakeEntry<F>) => e as unknown as FakeEntry;

/** Adding an endpoint to the stack (and to `npm run demo`) is one entry here. */
const entries: FakeEntry[] = [
  entry({
    name: 'openai',
    endpoint: 'openAI',
    start: () => startOpenAIFake(),
    // The fake stands in for api.openai.com, so reasoning models take its Responses API.
    env: ({ url }) => ({ OPENAI_API_KEY: 'sk-testkit-openai', OPENAI_BASE_URL: `${url}/v1`, OPENAI_API: 'responses' }),
  }),
  entry({
    name: 'anthropic',
    endpoint: 'anthropic',
    start: () => startAnthropicFake(),
    env: ({ url }) => ({ ANTHROPIC_API_KEY: 'sk-ant-testkit', ANTHROPIC_BASE_URL: `${url}/v1` }),
  }),
  entry({
    name: 'google',
    endpoint: 'google',
    start: () => startGoogleFake(),
    // A service-account key rather than an API key, so the stack exercises Vertex AI (the PaLM
    // ids of the default list answer as their Gemini successors there).
    env: ({ url, serviceAccount }) => ({ GOOGLE_API_KEY: JSON.stringify(serviceAccount), GOOGLE_BASE_URL: url }),
  }),
  entry({
    name: 'deepseek',
    endpoint: 'deepSeek',
    start: () => startDeepSeekFake(),
    env: ({ url }) => ({ DEEPSEEK_API_KEY: 'sk-testkit-deepseek', DEEPSEEK_BASE_URL: url }),
  }),
  entry({
    name: 'grok',
    endpoint: 'grok',
    start: () => startGrokFake(),
    env: ({ url }) => ({ GROK_API_KEY: 'xai-testkit', GROK_BASE_URL: `${url}/v1` }),
  }),
];

export async function startProviderFakes(): Promise<Map<string, StackFake>> {
  const fakes = new Map<string, StackFake>();
  try {
    for (const spec of entries) {
      const fake = await spec.start();
      fakes.set(spec.name, {
        name: spec.name,
        endpoint: spec.endpoint,
        url: fake.url,
        env: spec.env(fake),
        enqueue: (...replies) => fake.enqueue(...replies),
        requests: () => fake.requests,
        close: () => fake.close(),
      });
    }
  } catch (error) {
    await Promise.allSettled([...fakes.values()].map((f) => f.close()));
    throw error;
  }
  return fakes;
}
