import { mkdtempSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parseChatErrorText, type Message } from '@parley/core';
import { eq } from 'drizzle-orm';
import { startOpenAIFake, type FakeUpstream } from '@parley/testkit';
import { usageRecords } from '../../db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deltasOf, finalOf, startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';
import { createThrowawayPostgres, testDatabaseKinds } from '../../test-support/databases.ts';

/** A channels file with `a` (priority 1, two keys) in front of `b`, both serving the web's gpt-4o. */
function channelsFile(a: FakeUpstream, b: FakeUpstream): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'parley-channels-')), 'channels.yaml');
  writeFileSync(
    file,
    `channels:
  - name: a
    type: openai
    base_url: ${a.url}/v1
    keys: [sk-a1, sk-a2]
    models: [gpt-4o, gpt-4o-mini]
    priority: 1
  - name: b
    type: openai-compatible
    base_url: ${b.url}/v1
    keys: [sk-b]
    models: [gpt-4o, gpt-4o-mini]
`,
  );
  return file;
}

describe.each(testDatabaseKinds)('the web chat goes through the channels on %s', (kind) => {
  let s: ChatStack;
  let a: FakeUpstream;
  let b: FakeUpstream;
  let who: Awaited<ReturnType<ChatStack['t']['signUp']>>;

  beforeAll(async () => {
    [a, b] = [await startOpenAIFake(), await startOpenAIFake()];
    // OPENAI_API_KEY stays the endpoint's switch and its own channel (env-openai, on the stack's fake, priority 0 like b).
    s = await startChatStack(kind, { CHANNELS_FILE: channelsFile(a, b) });
    who = await s.t.signUp();
  });
  afterAll(async () => {
    await s.close();
    await Promise.all([a.close(), b.close()]);
  });

  it('answers from the next channel when the first fails before its first byte: the user sees only the answer', async () => {
    a.enqueue({ status: 503, mentioning: 'failover' });
    b.enqueue({ chunks: ['from ', 'b'], mentioning: 'failover' }, { chunks: ['Title'], mentioning: 'failover' });
    s.upstream.enqueue({ chunks: ['from ', 'env'], mentioning: 'failover' }, { chunks: ['Title'], mentioning: 'failover' });
    const { frames } = await s.ask(who, { text: 'failover please' });
    const final = finalOf(frames);
    expect(['from b', 'from env']).toContain(final.responseMessage.text);
    expect(frames.some((f) => f.event === 'error')).toBe(false);
    expect(a.requests.at(-1)!.headers.authorization).toBe('Bearer sk-a1');
    // The exchange's usage record names the channel that answered.
    await s.t.ctx.usageRecords.flush();
    const records = await s.t.ctx.db.select().from(usageRecords).where(eq(usageRecords.userId, who.userId));
    expect(records.map((r) => [r.dialect, r.channel])).toEqual([['web', final.responseMessage.text === 'from b' ? 'b' : 'env-openai']]);
  });

  it('keeps the text shown when the channel fails after its first byte, and shows the error under it', async () => {
    a.enqueue({ chunks: ['half ', 'of it'], cut: true, mentioning: 'cut short' });
    const before = [b.requests.length, s.upstream.requests.length];
    const { frames } = await s.ask(who, { text: 'cut short' });
    expect(deltasOf(frames).map((d) => d.delta).join('')).toBe('half of it');
    const reply = finalOf(frames).responseMessage as Message & { errorText?: string };
    expect(reply).toMatchObject({ text: 'half of it', unfinished: true });
    expect(parseChatErrorText(reply.errorText ?? '')?.type).toBeTruthy();
    // No other channel was asked for the reply (the title of the new conversation is not written for a cut reply).
    expect([b.requests.length, s.upstream.requests.length]).toEqual(before);
  });
});

describe.each(testDatabaseKinds)('an endpoint served by CHANNELS_FILE alone, no *_API_KEY, on %s', (kind) => {
  let s: ChatStack;
  let house: FakeUpstream;

  beforeAll(async () => {
    house = await startOpenAIFake({ apiKey: 'sk-house', models: ['house-model'] });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'parley-channels-')), 'channels.yaml');
    writeFileSync(file, `channels:\n  - { name: house, type: openai-compatible, base_url: "${house.url}/v1", keys: [sk-house], models: [house-model], model_mapping: { gpt-4o-mini: house-model } }\n`);
    s = await startChatStack(kind, { OPENAI_API_KEY: '', CHANNELS_FILE: file });
  });
  afterAll(async () => {
    await s.close();
    await house.close();
  });

  it("offers the endpoint and the channel's models, and chats through the channel", async () => {
    const who = await s.t.signUp();
    const endpoints = await (await s.get(who, '/api/endpoints')).json() as Record<string, unknown>;
    expect(endpoints.openAI).toMatchObject({ userProvide: false });
    const models = await (await s.get(who, '/api/models')).json() as Record<string, string[]>;
    expect(models.openAI).toEqual(expect.arrayContaining(['house-model', 'gpt-4o-mini']));
    house.enqueue({ chunks: ['in ', 'house'], model: 'house-model', mentioning: 'house call' });
    const { frames } = await s.ask(who, { model: 'house-model', text: 'house call' });
    expect(finalOf(frames).responseMessage.text).toBe('in house');
    expect(house.requests.at(-1)!.headers.authorization).toBe('Bearer sk-house');
  });
});

describe('npm run admin -- channel:list without a running server', () => {
  it('reads CHANNELS_FILE and the env keys, and refuses a bad file naming its line', { timeout: 120_000 }, async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const run = promisify(execFile);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-admin-channels-'));
    // PostgreSQL when there is one: a fresh PGlite takes most of a minute to migrate on a busy machine.
    const postgres = testDatabaseKinds.includes('postgres') ? await createThrowawayPostgres() : undefined;
    const file = path.join(dataDir, 'channels.yaml');
    writeFileSync(file, 'channels:\n  - { name: glm-a, type: glm, keys: [sk-g, sk-h], models: [glm-5] }\n');
    const admin = (...argv: string[]) =>
      run(path.join(here, '../../../../node_modules/.bin/tsx'), [path.join(here, '../../cli.ts'), ...argv], {
        env: { ...process.env, DATA_DIR: dataDir, CHANNELS_FILE: file, DEEPSEEK_API_KEY: 'sk-deep', DATABASE_URL: postgres?.url ?? '' },
        cwd: dataDir,
      });
    const { stdout } = await admin('channel:list').finally(() => postgres?.drop());
    expect(stdout.trim().split('\n')).toEqual(['glm-a\tglm\tenabled\tpriority 0\tweight 1\t2 key(s)\tglm-5', 'env-deepseek\tdeepseek\tenabled\tpriority 0\tweight 1\t1 key(s)\t(its endpoint)']);
    writeFileSync(file, 'channels:\n  - name: glm-a\n    type: glm\n    keys: sk-g\n    models: [glm-5]\n');
    await expect(admin('channel:list')).rejects.toMatchObject({ stderr: expect.stringContaining('line 4 (channels.0.keys): Invalid input: expected array, received string') });
  });
});
