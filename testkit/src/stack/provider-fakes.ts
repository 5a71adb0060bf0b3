import { startAnthropicFake } from '../fakes/anthropic.ts';
import type { FakeReply, FakeUpstream } from '../fakes/fake-server.ts';
import { startGoogleFake } from '../fakes/google.ts';
import { startDeepSeekFake, startGrokFake, startOpenAIFake } from '../fakes/openai-compatible.ts';

/** A provider fake as the stack exposes it, by the name the control API uses (`/fakes/<name>/…`). */
export interface StackFake {
  name: string;
  url: string;
  /** The variables that enable this endpoint in Parley and point it at the fake. */
  env: Record<string, string>;
  /** Scripts the next replies (see `FakeReply`); with nothing queued the fake echoes the last user turn. */
  enqueue(...replies: FakeReply[]): void;
  /** What the fake has received so far, oldest first. */
  requests(): FakeUpstream['requests'];
  close(): Promise<void>;
}

interface FakeEntry {
  name: string;
  start(): Promise<FakeUpstream>;
  /** Each base URL is what the endpoint's SDK expects in place of the real API origin. */
  env(url: string): Record<string, string>;
}

/** Adding an endpoint to the stack (and to `npm run demo`) is one entry here. */
const entries: FakeEntry[] = [
  {
    name: 'openai',
    start: () => startOpenAIFake(),
    env: (url) => ({ OPENAI_API_KEY: 'sk-testkit-openai', OPENAI_BASE_URL: `${url}/v1` }),
  },
  {
    name: 'anthropic',
    start: () => startAnthropicFake(),
    env: (url) => ({ ANTHROPIC_API_KEY: 'sk-ant-testkit', ANTHROPIC_BASE_URL: `${url}/v1` }),
  },
  {
    name: 'google',
    start: () => startGoogleFake(),
    env: (url) => ({ GOOGLE_API_KEY: 'testkit-gemini-key', GOOGLE_BASE_URL: url }),
  },
  {
    name: 'deepseek',
    start: () => startDeepSeekFake(),
    env: (url) => ({ DEEPSEEK_API_KEY: 'sk-testkit-deepseek', DEEPSEEK_BASE_URL: url }),
  },
  {
    name: 'grok',
    start: () => startGrokFake(),
    env: (url) => ({ GROK_API_KEY: 'xai-testkit', GROK_BASE_URL: `${url}/v1` }),
  },
];

export async function startProviderFakes(): Promise<Map<string, StackFake>> {
  const fakes = new Map<string, StackFake>();
  try {
    for (const entry of entries) {
      const fake = await entry.start();
      fakes.set(entry.name, {
        name: entry.name,
        url: fake.url,
        env: entry.env(fake.url),
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
