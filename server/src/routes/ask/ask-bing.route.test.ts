import { parseChatErrorText, type AbortResponse, type CreatedEvent, type Message } from '@parley/core';
import { startBingFake, type BingFake } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectSse, deltasOf, finalOf, json, listenTestApp, readSse, type ListeningApp } from '../../test-support/chat-stack.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test-support/databases.ts';
import type { Database } from '../../db/client.ts';

type Who = Awaited<ReturnType<ListeningApp['signUp']>>;

/** An app on `database`, closed without closing the database: the next one is the same server after a restart. */
async function startApp(kind: (typeof testDatabaseKinds)[number], database: Database, env: Record<string, string>) {
  const t = await listenTestApp(kind, env, { database });
  return {
    t,
    async stop() {
      await t.app.close();
      await t.ctx.channels.close();
      await t.ctx.limiter.close();
      await t.ctx.streams.close();
    },
  };
}

const post = (t: ListeningApp, who: Who, path: string, body: unknown) => fetch(`${t.url}${path}`, { method: 'POST', headers: who.headers, body: JSON.stringify(body) });
const ask = (t: ListeningApp, who: Who, body: Record<string, unknown>) => post(t, who, '/api/ask/bingAI', { endpoint: 'bingAI', model: 'BingAI', conversationId: null, ...body });

describe.each(testDatabaseKinds)('bingAI on %s', (kind) => {
  let fake: BingFake;
  let database: Database;
  beforeAll(async () => {
    fake = await startBingFake();
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
    await fake.close();
  });

  it.each(['copilot', 'sydney'] as const)('%s: three turns continue one upstream conversation, across a restart of the server', async (protocol) => {
    const env = { BINGAI_API_KEY: fake.validKey, BINGAI_BASE_URL: fake.url, BINGAI_PROTOCOL: protocol };
    let app = await startApp(kind, database, env);
    const who = await app.t.signUp();
    const endpoints = await json<Record<string, unknown>>(fetch(`${app.t.url}/api/endpoints`, { headers: who.headers }));
    expect(endpoints.bingAI).toMatchObject({ userProvide: false });

    const model = protocol === 'copilot' ? 'reasoning' : 'h3precise';
    fake.enqueue({ model, mentioning: 'first-turn', chunks: ['One [^1^].'], bing: { citations: [{ url: 'https://example.com/one', title: 'Example one' }], suggestions: ['Tell me more'] } });
    const first = await readSse(await ask(app.t, who, { text: `${protocol} first-turn`, toneStyle: 'precise', clientId: 'forged', invocationId: 99 }));
    const firstFinal = finalOf(first);
    const { conversationId } = firstFinal.conversation;
    expect(firstFinal.responseMessage).toMatchObject({ sources: [{ url: 'https://example.com/one', title: 'Example one' }], suggestions: ['Tell me more'] });
    // The upstream's ids are the server's: neither the forged ones nor the stored ones reach the client.
    expect(JSON.stringify(firstFinal.conversation)).not.toMatch(/forged|upstream|signature/i);

    let parent = firstFinal.responseMessage.messageId;
    for (const [index, text] of ['second', 'third'].entries()) {
      // A restart between the first and the second turn: the stored session carries on.
      if (index === 0) {
        await app.stop();
        app = await startApp(kind, database, env);
      }
      const frames = await readSse(await ask(app.t, who, { text: `${protocol} ${text}`, conversationId, parentMessageId: parent, toneStyle: 'precise' }));
      parent = finalOf(frames).responseMessage.messageId;
      expect(finalOf(frames).responseMessage.text).toContain(text);
    }
    if (protocol === 'copilot') {
      const conversation = [...fake.copilot.values()].find((c) => c.sent[0]?.includes('copilot first-turn'))!;
      expect(conversation.sent).toEqual(['copilot first-turn', 'copilot second', 'copilot third']);
      expect(conversation.modes).toEqual(['reasoning', 'reasoning', 'reasoning']);
    } else {
      const conversation = [...fake.sydney.values()].find((c) => JSON.stringify(c.invocations[0]).includes('sydney first-turn'))!;
      expect(conversation.invocations.map((i) => i.invocationId)).toEqual(['0', '1', '2']);
    }
    const stored = await json<Message[]>(fetch(`${app.t.url}/api/messages/${conversationId}`, { headers: who.headers }));
    expect(stored.filter((m) => !m.isCreatedByUser)).toHaveLength(3);
    await app.stop();
  });

  it('abort stops the upstream and keeps what streamed; a regenerated reply starts a new upstream conversation with the history', async () => {
    const app = await startApp(kind, database, { BINGAI_API_KEY: fake.validKey, BINGAI_BASE_URL: fake.url });
    const who = await app.t.signUp();
    try {
      fake.enqueue({ model: 'smart', mentioning: 'endless', chunks: ['Going ', 'on'], hold: true });
      const stream = collectSse(await ask(app.t, who, { text: 'endless story', messageId: `bing-abort-${kind}` }));
      await stream.until((frames) => deltasOf(frames).length === 2);
      const { conversationId } = stream.frames[0]!.data as CreatedEvent;
      const socket = fake.requests.findLastIndex((r) => r.path === '/c/api/chat');
      const answer = await json<AbortResponse>(post(app.t, who, '/api/ask/bingAI/abort', { abortKey: conversationId }));
      expect(answer.responseMessage).toMatchObject({ text: 'Going on', cancelled: true });
      await fake.waitForDisconnect(socket);
      await stream.done;

      const created = fake.requests.filter((r) => r.path === '/c/api/conversations').length;
      const again = await readSse(await ask(app.t, who, { text: 'endless story', conversationId, parentMessageId: answer.requestMessage.parentMessageId, messageId: `bing-abort-${kind}`, isRegenerate: true }));
      expect(finalOf(again).responseMessage.text).toContain('endless story');
      expect(fake.requests.filter((r) => r.path === '/c/api/conversations')).toHaveLength(created + 1);
    } finally {
      await app.stop();
    }
  });

  it("a user's expired token is refused with 'set a new token', and nothing else is stored as the reply", async () => {
    const app = await startApp(kind, database, { BINGAI_API_KEY: 'user_provided', BINGAI_BASE_URL: fake.url });
    const who = await app.t.signUp();
    try {
      const endpoints = await json<Record<string, unknown>>(fetch(`${app.t.url}/api/endpoints`, { headers: who.headers }));
      expect(endpoints.bingAI).toMatchObject({ userProvide: true });
      const saved = await fetch(`${app.t.url}/api/keys`, { method: 'PUT', headers: who.headers, body: JSON.stringify({ name: 'bingAI', value: 'expired-token-1', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }) });
      expect(saved.status).toBe(200);
      const frames = await readSse(await ask(app.t, who, { text: 'hello there' }));
      const error = frames.at(-1)!;
      expect(error.event).toBe('error');
      const reply = (error.data as { text: string }).text;
      expect(parseChatErrorText(reply)).toMatchObject({ type: 'invalid_api_key' });
    } finally {
      await app.stop();
    }
  });
});
