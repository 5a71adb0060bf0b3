import { randomUUID } from 'node:crypto';
import { startOpenAIFake, type FakeUpstream } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { bufferLogger } from '../../test-support/buffer-logger.ts';
import { openAIChannel, startTestChannels } from '../../test-support/channels.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test-support/databases.ts';
import { testRedisUrl } from '../../test-support/redis.ts';
import { runAdminCommand } from '../users/admin-commands.ts';
import { openAIProvider } from '../../providers/openAI/openai-provider.ts';
import { operatorChosen } from '../chat/credentials.ts';
import { channelProvider } from './channel-provider.ts';
import type { Channels } from './create-channels.ts';

describe.each(testDatabaseKinds)('channel commands on %s', (kind) => {
  let database: Database;
  let upstream: FakeUpstream;
  let channels: Channels;
  const logs = bufferLogger();
  const admin = (...argv: string[]) => runAdminCommand(database.db, argv, { channels });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    upstream = await startOpenAIFake({ apiKey: 'sk-good' });
    channels = await startTestChannels({
      db: database.db,
      log: logs.log,
      channels: [openAIChannel('main', `${upstream.url}/v1`, { keys: ['sk-good', 'sk-bad'], weight: 3 }), openAIChannel('spare', `${upstream.url}/v1`, { keys: ['sk-good'], priority: -1 })],
    });
  });
  afterAll(async () => {
    await channels.close();
    await Promise.all([upstream.close(), database.close()]);
  });

  it('channel:list shows each channel and its state, never a key', async () => {
    const list = await admin('channel:list');
    expect(list.split('\n')).toEqual(['main\topenai\tenabled\tpriority 0\tweight 3\t2 key(s)\tgpt-4o', 'spare\topenai\tenabled\tpriority -1\tweight 1\t1 key(s)\tgpt-4o']);
    expect(list).not.toContain('sk-');
  });

  it('channel:disable and channel:enable change the stored state, and name an unknown channel', async () => {
    expect(await admin('channel:disable', 'spare')).toBe('spare is disabled');
    expect(await admin('channel:list')).toContain('spare\topenai\tdisabled\t');
    expect(await admin('channel:enable', 'SPARE')).toBe('spare is enabled');
    await expect(admin('channel:disable', 'nope')).rejects.toThrow('No channel is named "nope"');
    await expect(admin('channel:test')).rejects.toThrow('Name the channel');
  });

  it('channel:test asks every key and says which fails, without the key', async () => {
    const output = await admin('channel:test', 'main');
    expect(output).toMatch(/^main \(gpt-4o\): fails; now enabled\n {2}key 1: ok in \d+ ms\n {2}key 2: failed: invalid_api_key \(HTTP 401\)$/);
    expect(output).not.toContain('sk-');
  });

  it('channel:test enables an auto-disabled channel whose keys all answer again', async () => {
    await admin('channel:disable', 'main');
    upstream.enqueue({ status: 401 });
    const provider = channelProvider(channels, 'openAI', openAIProvider);
    const request = { model: 'gpt-4o', messages: [{ role: 'user' as const, content: 'hi' }], options: {}, apiKey: '', outbound: operatorChosen };
    await expect(drain(provider.stream(request, new AbortController().signal))).rejects.toThrow('invalid_api_key');
    expect(await admin('channel:list')).toContain('spare\topenai\tauto-disabled (key 1 of 1 refused: invalid_api_key (HTTP 401))');
    expect(await admin('channel:test', 'spare')).toMatch(/^spare \(gpt-4o\): answers; now enabled\n {2}key 1: ok in \d+ ms$/);
    await admin('channel:enable', 'main');
  });
});

async function drain(events: AsyncIterable<unknown>) {
  for await (const _ of events);
}

describe('channel states across instances on Redis', () => {
  it('a channel one instance disables is disabled on the other at once, through the database and Redis', async () => {
    const database = await createTestDatabase(testDatabaseKinds.at(-1)!);
    const { log } = bufferLogger();
    const topic = `parley-test:channels:${randomUUID()}`;
    const list = [openAIChannel('shared', 'http://shared.local/v1')];
    const env = { REDIS_URL: testRedisUrl };
    const [one, two] = [await startTestChannels({ db: database.db, log, channels: list, env, redisTopic: topic }), await startTestChannels({ db: database.db, log, channels: list, env, redisTopic: topic })];
    try {
      await one.setState('shared', 'disabled');
      // `two` re-reads on the announcement alone: its 15 s schedule is the test's and never runs.
      await expect.poll(() => two.list()[0]!.state, { timeout: 5000 }).toBe('disabled');
      await two.setState('shared', 'enabled');
      await expect.poll(() => one.list()[0]!.state, { timeout: 5000 }).toBe('enabled');
    } finally {
      await Promise.all([one.close(), two.close()]);
      await database.close();
    }
  });
});
