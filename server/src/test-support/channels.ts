import type { Db } from '../db/client.ts';
import type { Logger } from '../app/logger.ts';
import { createServiceAccountTokens } from '../providers/google/service-account.ts';
import type { Channel } from '../services/channels/channel.ts';
import type { Every } from '../services/shared-state/shared-snapshot.ts';
import { createChannels } from '../services/channels/create-channels.ts';
import { testEnv } from './app.ts';

/** An OpenAI channel at `baseURL` serving gpt-4o, with what the test sets over it. */
export function openAIChannel(name: string, baseURL: string, over: Partial<Channel> = {}): Channel {
  return { name, type: 'openai', endpoint: 'openAI', baseURL, keys: [`sk-${name}`], models: ['gpt-4o'], modelMapping: {}, priority: 0, weight: 1, source: 'file', ...over };
}

/** A schedule the test runs by hand: `runAll()` is one tick of every timer. */
export function manualSchedule() {
  const runs = new Set<() => void>();
  const every: Every = (_ms, run) => {
    runs.add(run);
    return () => runs.delete(run);
  };
  return { every, runAll: () => [...runs].forEach((run) => run()) };
}

/** A clock the test moves. */
export function manualClock(start = Date.parse('2026-11-27T08:00:00Z')) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

export interface TestChannelsOptions {
  db: Db;
  log: Logger;
  channels: Channel[];
  env?: Record<string, string>;
  clock?: ReturnType<typeof manualClock>;
  schedule?: ReturnType<typeof manualSchedule>;
  redisTopic?: string;
}

/** Started channels over the test's own list, clock and schedule. */
export async function startTestChannels(options: TestChannelsOptions) {
  const channels = createChannels({
    env: testEnv(options.env),
    db: options.db,
    log: options.log,
    serviceAccountTokens: createServiceAccountTokens(),
    channels: options.channels,
    now: options.clock?.now,
    every: (options.schedule ?? manualSchedule()).every,
    redisTopic: options.redisTopic,
  });
  await channels.start();
  return channels;
}
