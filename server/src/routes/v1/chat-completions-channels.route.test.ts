import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { startOpenAIFake, type FakeUpstream } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageRecords } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { startGatewayStack, type GatewayStack } from '../../test-support/gateway-stack.ts';
import { recordWait } from '../../test-support/record-wait.ts';

/** `a` in front of `b`, both in front of the stack's own OPENAI_API_KEY channel. */
function channelsFile(a: FakeUpstream, b: FakeUpstream): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'parley-channels-')), 'channels.json');
  const channel = (name: string, upstream: FakeUpstream, priority: number) => ({ name, type: 'openai', base_url: `${upstream.url}/v1`, keys: [`sk-${name}`], models: ['gpt-4o-mini', `only-on-${name}`], priority });
  writeFileSync(file, JSON.stringify({ channels: [channel('a', a, 2), channel('b', b, 1)] }, null, 2));
  return file;
}

describe.each(testDatabaseKinds)('the API goes through the channels on %s', (kind) => {
  let s: GatewayStack;
  let a: FakeUpstream;
  let b: FakeUpstream;
  const recordsOf = async (keyId: string) => {
    await s.t.ctx.usageRecords.flush();
    return s.t.ctx.db.select().from(usageRecords).where(eq(usageRecords.accessKeyId, keyId));
  };

  beforeAll(async () => {
    [a, b] = [await startOpenAIFake(), await startOpenAIFake()];
    s = await startGatewayStack(kind, { CHANNELS_FILE: channelsFile(a, b) });
  });
  afterAll(async () => {
    await s.close();
    await Promise.all([a.close(), b.close()]);
  });

  it('streams from the next channel when the first answers 500 before its first byte, and the record names the channel that answered', async () => {
    const { client, keyId } = await s.keyClient();
    a.enqueue({ status: 500, mentioning: 'stream over' });
    b.enqueue({ chunks: ['from ', 'b'], mentioning: 'stream over' });
    const stream = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'stream over' }], stream: true });
    const texts: string[] = [];
    for await (const chunk of stream) texts.push(chunk.choices[0]?.delta.content ?? '');
    expect(texts.join('')).toBe('from b');
    expect(b.requests.at(-1)!.headers.authorization).toBe('Bearer sk-b');
    await expect.poll(async () => (await recordsOf(keyId)).map((r) => [r.channel, r.status]), recordWait).toEqual([['b', 'ok']]);
  });

  it('lists the models the channels serve beside the endpoints\' own', async () => {
    const { client } = await s.keyClient();
    const ids = (await client.models.list()).data.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining(['gpt-4o-mini', 'only-on-a', 'only-on-b']));
  });

  it("answers a whole completion from the next channel after a 429, and cools the first one down for its retry-after", async () => {
    const { client } = await s.keyClient();
    a.enqueue({ status: 429, retryAfter: 120, mentioning: 'whole over' });
    b.enqueue({ chunks: ['whole from b'], mentioning: 'whole over' });
    const completion = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'whole over' }] });
    expect(completion.choices[0]!.message.content).toBe('whole from b');
    expect(s.t.ctx.channels.list().find((c) => c.name === 'a')!.cooldownUntil).not.toBeNull();
    await s.t.ctx.channels.setState('a', 'enabled');
  });
});
