import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message, UploadedFile } from '@parley/core';
import { accessKeys, usageLedger } from '../../db/schema.ts';
import { mintKey } from '../../test-support/access-keys.ts';
import { finalOf, json, startChatStack, type ChatStack, type SseFrame } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { pictureBytes } from '../../test-support/file-fixtures.ts';
import { multipartBody } from '../../test-support/multipart.ts';

const errorType = (frames: SseFrame[]) => {
  const last = frames.at(-1);
  if (last?.event !== 'error') return undefined;
  return JSON.parse((last.data as Message).text) as { type: string; reason?: string; max?: number };
};

describe.each(testDatabaseKinds)('quota on keys (ACCESS_MODE=keys) on %s', (kind) => {
  let s: ChatStack;
  const quotaOf = async (keyId: string) => (await s.t.ctx.db.select().from(accessKeys).where(eq(accessKeys.id, keyId)))[0]!;
  const ledgerOf = (keyId: string) => s.t.ctx.db.select().from(usageLedger).where(eq(usageLedger.accessKeyId, keyId));

  beforeAll(async () => {
    s = await startChatStack(kind, {
      ACCESS_MODE: 'keys',
      CONCURRENT_MESSAGE_MAX: '100',
      MESSAGE_USER_MAX: '1000',
      MESSAGE_IP_MAX: '1000',
      FREE_CALLS_PER_DAY: '3',
    });
  });
  afterAll(() => s.close());

  it('serves exactly 10 of 50 simultaneous asks on a key with quota for 10 one-cost calls', async () => {
    const alice = await mintKey(s.t.ctx.db, { quota: 10 });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => s.ask(alice, { text: `hi ${i}`, model: 'gpt-4o-mini' })));
    const served = results.filter((r) => r.frames.at(-1)?.event === 'message');
    const refused = results.filter((r) => errorType(r.frames)?.type === 'insufficient_quota');
    expect(served).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(await quotaOf(alice.row.id)).toMatchObject({ quota: 0, used: 10 });
    const ledger = await ledgerOf(alice.row.id);
    expect(ledger.filter((r) => r.kind === 'hold')).toHaveLength(10);
    expect(ledger.filter((r) => r.kind === 'charge')).toHaveLength(10);
    const charge = ledger.find((r) => r.kind === 'charge')!;
    expect(charge).toMatchObject({ model: 'gpt-4o-mini', amount: 1 });
    expect(charge.conversationId).toBeTruthy();
    expect(charge.messageId).toBeTruthy();
    expect(charge.holdId).toBeTruthy();
  });

  it('charges the spec cost of the model and refunds when the upstream fails (401, 500) before any text', async () => {
    const bob = await mintKey(s.t.ctx.db, { quota: 25 });
    const ok = await s.ask(bob, { text: 'hello', model: 'gpt-4o' });
    finalOf(ok.frames);
    expect((await quotaOf(bob.row.id)).quota).toBe(15);
    for (const status of [401, 500]) {
      s.upstream.enqueue({ status });
      const failed = await s.ask(bob, { text: 'fail please', model: 'gpt-4o' });
      expect(failed.frames.at(-1)?.event).toBe('error');
      expect(await quotaOf(bob.row.id)).toMatchObject({ quota: 15, used: 10 });
    }
    const kinds = (await ledgerOf(bob.row.id)).map((r) => r.kind).sort();
    expect(kinds).toEqual(['charge', 'credit', 'hold', 'hold', 'hold', 'refund', 'refund']);
  });

  it("charges an upstream id asked for directly the listed model's cost (gpt-4o's upstream: 10, not the default 1)", async () => {
    const ivy = await mintKey(s.t.ctx.db, { quota: 25 });
    finalOf((await s.ask(ivy, { text: 'raw gpt-4o', model: 'gpt-6.1-terra' })).frames);
    finalOf((await s.ask(ivy, { text: 'raw gpt-4o-mini', model: 'gpt-6-luna' })).frames);
    expect(await quotaOf(ivy.row.id)).toMatchObject({ quota: 14, used: 11 });
    // An upstream id no list offers (the live list leaves image models out) is refused before anything is held.
    expect((await s.ask(ivy, { text: 'raw image model', model: 'gpt-image-2.6-flare' })).response.status).toBe(400);
    expect(await quotaOf(ivy.row.id)).toMatchObject({ quota: 14, used: 11 });
  });

  it('charges a reply cut off midway', async () => {
    const carol = await mintKey(s.t.ctx.db, { quota: 10 });
    s.upstream.enqueue({ chunks: ['half of ', 'an answer'], cut: true });
    const cut = await s.ask(carol, { text: 'go', model: 'gpt-4o' });
    expect(cut.frames.some((f) => (f.data as { delta?: string }).delta === 'half of ')).toBe(true);
    expect((await quotaOf(carol.row.id)).quota).toBe(0);
  });

  it('refuses the 31st gpt-o3-mini call of the day on one key with message_limit, counting its upstream id asked for directly', async () => {
    const dave = await mintKey(s.t.ctx.db, { quota: 1000 });
    for (let i = 0; i < 29; i++) finalOf((await s.ask(dave, { text: `q${i}`, model: 'gpt-o3-mini' })).frames);
    finalOf((await s.ask(dave, { text: 'raw id', model: 'gpt-6.1-terra' })).frames);
    const refused = await s.ask(dave, { text: 'one more', model: 'gpt-o3-mini' });
    expect(errorType(refused.frames)).toMatchObject({ type: 'message_limit', max: 30, model: 'gpt-o3-mini' });
    const rawRefused = await s.ask(dave, { text: 'one more, raw', model: 'gpt-6.1-terra' });
    expect(errorType(rawRefused.frames)).toMatchObject({ type: 'message_limit', max: 30, model: 'gpt-o3-mini' });
    expect((await quotaOf(dave.row.id)).quota).toBe(1000 - 300);
    // Other models are not rationed.
    finalOf((await s.ask(dave, { text: 'still fine', model: 'gpt-4o' })).frames);
  });

  it("keeps each key's conversations to itself", async () => {
    const erin = await mintKey(s.t.ctx.db, { quota: 20 });
    const frank = await mintKey(s.t.ctx.db, { quota: 20 });
    const { conversation } = finalOf((await s.ask(erin, { text: 'secret plan', model: 'gpt-4o-mini' })).frames);
    const erinList = await json<{ conversations: { conversationId: string }[] }>(s.get(erin, '/api/convos?pageNumber=1'));
    expect(erinList.conversations.map((c) => c.conversationId)).toContain(conversation.conversationId);
    const frankList = await json<{ conversations: unknown[] }>(s.get(frank, '/api/convos?pageNumber=1'));
    expect(frankList.conversations).toHaveLength(0);
    expect((await s.get(frank, `/api/convos/${conversation.conversationId}`)).status).toBe(404);
    // X-Api-Key works as well as the bearer.
    const viaHeader = await s.get({ headers: { 'x-api-key': erin.key } }, '/api/convos?pageNumber=1');
    expect((await json<{ conversations: unknown[] }>(viaHeader)).conversations).toHaveLength(1);
  });

  it("keeps each key's presets and files to itself: another key can neither read nor change them", async () => {
    const [owner, other] = [await mintKey(s.t.ctx.db, { quota: 5 }), await mintKey(s.t.ctx.db, { quota: 5 })];
    type Preset = { presetId: string; title: string };
    const saved = await json<Preset[]>(s.post(owner, '/api/presets', { title: 'Mine', endpoint: 'openAI', model: 'gpt-4o' }));
    const { presetId } = saved[0]!;
    expect(await json<Preset[]>(s.get(other, '/api/presets'))).toEqual([]);
    const overwrite = await s.post(other, '/api/presets', { presetId, title: 'Taken', endpoint: 'openAI', model: 'gpt-4o' });
    expect(overwrite.status).toBe(404);
    expect((await s.post(other, '/api/presets/delete', { presetId })).status).toBe(404);
    expect(await json<Preset[]>(s.get(other, '/api/presets'))).toEqual([]);
    expect((await json<Preset[]>(s.get(owner, '/api/presets'))).map((p) => [p.presetId, p.title])).toEqual([[presetId, 'Mine']]);

    const form = multipartBody({ endpoint: 'openAI', model: 'gpt-4o' }, { name: 'private.png', data: await pictureBytes(8, 8) });
    const uploaded = await fetch(`${s.t.url}/api/ask/files/upload`, {
      method: 'POST',
      headers: { 'content-type': form.contentType, authorization: owner.headers.authorization },
      body: new Uint8Array(form.body),
    });
    expect(uploaded.status).toBe(200);
    const { id: fileId } = await json<UploadedFile>(uploaded);
    expect((await s.get(owner, `/api/files/${fileId}`)).status).toBe(200);
    expect((await s.get(other, `/api/files/${fileId}`)).status).toBe(404);
  });

  it('refuses a revoked or unknown key with invalid_api_key, and getusage answers 0 for it', async () => {
    const gina = await mintKey(s.t.ctx.db, { quota: 7 });
    const usage = (apikey: string) => json<{ usage: number }>(s.post({ headers: { 'content-type': 'application/json' } }, '/api/ask/usage/getusage', { password: 'x', apikey }));
    expect(await usage(gina.key)).toEqual({ usage: 7 });
    await s.t.ctx.db.update(accessKeys).set({ status: 'revoked' }).where(eq(accessKeys.id, gina.row.id));
    const res = await s.get(gina, '/api/convos?pageNumber=1');
    expect(res.status).toBe(401);
    expect((await json<{ error: string }>(res)).error).toBe('invalid_api_key');
    expect(await usage(gina.key)).toEqual({ usage: 0 });
    expect(await usage(`sk-${'Z'.repeat(48)}`)).toEqual({ usage: 0 });
    expect(await usage('not a key')).toEqual({ usage: 0 });
  });

  it('lets a visitor without a key chat free on one-cost models, FREE_CALLS_PER_DAY per IP, under a cookie identity', async () => {
    const visitor = { headers: { 'content-type': 'application/json' } };
    for (const model of ['gpt-4o', 'gpt-6.1-terra', 'gpt-4o-image']) {
      const dear = await s.ask(visitor, { text: 'expensive', model });
      expect(errorType(dear.frames)).toMatchObject({ type: 'insufficient_quota', reason: 'model_not_free' });
    }
    const first = await s.ask(visitor, { text: 'free one', model: 'gpt-4o-mini' });
    finalOf(first.frames);
    const cookie = first.response.headers.get('set-cookie')!.split(';')[0]!;
    const withCookie = { headers: { ...visitor.headers, cookie } };
    const list = await json<{ conversations: unknown[] }>(s.get(withCookie, '/api/convos?pageNumber=1'));
    expect(list.conversations).toHaveLength(1);
    expect(await json(s.get(withCookie, '/api/balance'))).toEqual({ balance: 2, unit: 'free_calls' });
    // A call the upstream fails before any text is given back: the allowance is what it was.
    s.upstream.enqueue({ status: 500 });
    const messageId = crypto.randomUUID();
    const failed = await s.ask(withCookie, { text: 'upstream down', model: 'gpt-4o-mini', messageId });
    expect(failed.frames.at(-1)?.event).toBe('error');
    expect(await json(s.get(withCookie, '/api/balance'))).toEqual({ balance: 2, unit: 'free_calls' });
    const visitorLedger = await s.t.ctx.db.select().from(usageLedger).where(eq(usageLedger.messageId, messageId));
    expect(visitorLedger.map((r) => r.kind).sort()).toEqual(['hold', 'refund']);
    finalOf((await s.ask(withCookie, { text: 'free two', model: 'gpt-4o-mini' })).frames);
    finalOf((await s.ask(withCookie, { text: 'free three', model: 'gpt-4o-mini' })).frames);
    const over = await s.ask(withCookie, { text: 'free four', model: 'gpt-4o-mini' });
    expect(errorType(over.frames)).toMatchObject({ type: 'insufficient_quota', reason: 'free_allowance' });
    // A forged cookie is no identity: it sees nothing of the visitor's.
    const forged = { headers: { cookie: `${cookie.slice(0, -3)}abc` } };
    expect((await json<{ conversations: unknown[] }>(s.get(forged, '/api/convos?pageNumber=1'))).conversations).toHaveLength(0);
  });

  it("answers a key's remaining quota at GET /api/balance", async () => {
    const hank = await mintKey(s.t.ctx.db, { quota: 42 });
    expect(await json(s.get(hank, '/api/balance'))).toEqual({ balance: 42, unit: 'quota' });
  });
});
