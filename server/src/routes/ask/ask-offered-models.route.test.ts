import { eq } from 'drizzle-orm';
import { upstreamModel, type ApiErrorBody, type ModelsConfig } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeys, dailyCalls, usageLedger } from '../../db/schema.ts';
import { mintKey } from '../../test-support/access-keys.ts';
import { finalOf, json, startChatStack, titleOf, type ChatStack } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

type Who = { headers: Record<string, string> };

/** The ids of the report: none is in OPENAI_MODELS, each was sent upstream and charged. */
const unoffered = ['o9-ultra-preview', 'gpt-4', 'gpt-6.1-sol', 'gpt-o1'];

describe.each(testDatabaseKinds)('only offered models are called (ACCESS_MODE=keys, OPENAI_MODELS pinned) on %s', (kind) => {
  let s: ChatStack;
  const visitor: Who = { headers: { 'content-type': 'application/json' } };
  const keyRow = async (keyId: string) => (await s.t.ctx.db.select().from(accessKeys).where(eq(accessKeys.id, keyId)))[0]!;
  const ledgerKinds = async (keyId: string) => (await s.t.ctx.db.select().from(usageLedger).where(eq(usageLedger.accessKeyId, keyId))).map((r) => r.kind);
  const refusal = async (response: Response) => ({ status: response.status, body: (await response.json()) as ApiErrorBody });
  const askRaw = (who: Who, body: Record<string, unknown>, path = '/api/ask/openAI') =>
    s.post(who, path, { endpoint: 'openAI', conversationId: null, text: 'hello', ...body });

  beforeAll(async () => {
    s = await startChatStack(kind, { ACCESS_MODE: 'keys', OPENAI_MODELS: 'gpt-4o-mini,gpt-4o', FREE_CALLS_PER_DAY: '10', MESSAGE_USER_MAX: '1000', MESSAGE_IP_MAX: '1000' });
  });
  afterAll(() => s.close());

  it('refuses a key an unlisted model with 400 model_not_offered: nothing goes upstream, no quota moves', async () => {
    const key = await mintKey(s.t.ctx.db, { quota: 5 });
    const before = s.upstream.requests.length;
    for (const model of unoffered) {
      const { status, body } = await refusal(await askRaw(key, { model, reasoningEffort: 'high' }));
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: 'model_not_offered', data: { model, endpoint: 'openAI' } });
    }
    expect(s.upstream.requests.length).toBe(before);
    expect(await keyRow(key.row.id)).toMatchObject({ quota: 5, used: 0 });
    expect(await ledgerKinds(key.row.id)).toEqual(['credit']);
    expect(await s.t.ctx.db.select().from(dailyCalls).where(eq(dailyCalls.subject, `key:${key.row.id}`))).toEqual([]);
  });

  it('refuses a visitor without a key the same way, before its free allowance is counted', async () => {
    const before = s.upstream.requests.length;
    const counted = (await s.t.ctx.db.select().from(dailyCalls)).length;
    for (const model of unoffered) {
      const { status, body } = await refusal(await askRaw(visitor, { model }));
      expect(status).toBe(400);
      expect(body.error).toBe('model_not_offered');
    }
    expect(s.upstream.requests.length).toBe(before);
    expect((await s.t.ctx.db.select().from(dailyCalls)).length).toBe(counted);
  });

  it('refuses a regenerate, an edit and a continue that name an unlisted model, after the listed model was served', async () => {
    const key = await mintKey(s.t.ctx.db, { quota: 5 });
    s.upstream.enqueue({ chunks: ['Once upon'] }, { chunks: ['Story'] });
    const { frames } = await s.ask(key, { text: 'Tell me a story', model: 'gpt-4o-mini' });
    const { requestMessage, responseMessage, conversation } = finalOf(frames);
    expect(await keyRow(key.row.id)).toMatchObject({ quota: 4, used: 1 });
    const before = s.upstream.requests.length;
    const conversationId = conversation.conversationId;
    const regenerate = { conversationId, parentMessageId: requestMessage.parentMessageId, overrideParentMessageId: requestMessage.messageId, messageId: requestMessage.messageId, isRegenerate: true, text: 'Tell me a story' };
    const edit = { conversationId, parentMessageId: requestMessage.parentMessageId, text: 'Tell me a poem' };
    const continued = { conversationId, parentMessageId: requestMessage.messageId, isContinued: true, responseMessageId: responseMessage.messageId, text: '', generation: 'Once upon a dragon' };
    for (const [body, path] of [[regenerate, '/api/ask/openAI'], [edit, '/api/edit/openAI'], [continued, '/api/edit/openAI']] as const) {
      const { status, body: answer } = await refusal(await askRaw(key, { ...body, model: 'gpt-4' }, path));
      expect(status).toBe(400);
      expect(answer).toMatchObject({ error: 'model_not_offered', data: { model: 'gpt-4' } });
    }
    expect(s.upstream.requests.length).toBe(before);
    expect(await keyRow(key.row.id)).toMatchObject({ quota: 4, used: 1 });
  });

  it("keeps a key to its own allow-list, in the ask and in the model list it is shown", async () => {
    const key = await mintKey(s.t.ctx.db, { quota: 50, models: ['gpt-4o'] });
    const before = s.upstream.requests.length;
    const { status, body } = await refusal(await askRaw(key, { model: 'gpt-4o-mini' }));
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'model_not_offered', data: { model: 'gpt-4o-mini' } });
    expect(s.upstream.requests.length).toBe(before);
    const lists = await json<ModelsConfig>(s.get(key, '/api/models'));
    expect(lists.openAI).toEqual(['gpt-4o']);
    expect(lists.anthropic).toEqual([]);
    expect((await json<ModelsConfig>(s.get(visitor, '/api/models'))).openAI).toEqual(['gpt-4o-mini', 'gpt-4o']);
  });

  it("names a conversation with the title model only when it is offered to the caller; else by the question's first words", async () => {
    const titleUpstream = upstreamModel('openAI', 'gpt-4o-mini').id;
    const everyModel = await mintKey(s.t.ctx.db, { quota: 50 });
    s.upstream.enqueue({ chunks: ['Hi there.'] }, { chunks: ['Greeting'] });
    let before = s.upstream.requests.length;
    const titled = await s.ask(everyModel, { text: 'Say hi to me please', model: 'gpt-4o' });
    expect(titleOf(titled.frames)?.title).toBe('Greeting');
    expect(s.upstream.requests.slice(before).map((r) => (r.body as { model: string }).model)).toEqual([upstreamModel('openAI', 'gpt-4o').id, titleUpstream]);

    const onlyGpt4o = await mintKey(s.t.ctx.db, { quota: 50, models: ['gpt-4o'] });
    s.upstream.enqueue({ chunks: ['Hi again.'] });
    before = s.upstream.requests.length;
    expect(titleOf((await s.ask(onlyGpt4o, { text: 'Say hi to me again please', model: 'gpt-4o' })).frames)?.title).toBe('Say hi to me again please');
    expect(s.upstream.requests.slice(before).map((r) => (r.body as { model: string }).model)).toEqual([upstreamModel('openAI', 'gpt-4o').id]);
    // The title is free to the caller: gpt-4o's one call costs 10.
    expect(await keyRow(onlyGpt4o.row.id)).toMatchObject({ quota: 40, used: 10 });
  });
});

describe.each(testDatabaseKinds)('a plugin ask names only plugins and an agent model the caller may use on %s', (kind) => {
  let s: ChatStack;
  let key: Awaited<ReturnType<typeof mintKey>>;
  const askPlugins = (tools: unknown[], agentOptions: Record<string, unknown> = { agent: 'functions', skipCompletion: true }) =>
    s.post(key, '/api/ask/gptPlugins', { endpoint: 'gptPlugins', model: 'gpt-4o-mini', conversationId: null, text: 'what is 2+3', tools, agentOptions });
  const quota = async () => (await s.t.ctx.db.select().from(accessKeys).where(eq(accessKeys.id, key.row.id)))[0]!.quota;

  beforeAll(async () => {
    s = await startChatStack(kind, { ACCESS_MODE: 'keys', OPENAI_MODELS: 'gpt-4o-mini,gpt-4o' });
    key = await mintKey(s.t.ctx.db, { quota: 50 });
  });
  afterAll(() => s.close());

  it('answers 400 unknown_plugin naming a plugin this server lacks, or one the caller has not installed, before anything is held or sent', async () => {
    const before = s.upstream.requests.length;
    for (const [tools, plugin] of [
      [[{ pluginKey: 'no-such-plugin' }], 'no-such-plugin'],
      [['mcp:nowhere'], 'mcp:nowhere'],
      [[{ pluginKey: 'calculator' }], 'calculator'],
    ] as const) {
      const response = await askPlugins([...tools]);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'unknown_plugin', data: { plugin } });
    }
    expect(s.upstream.requests.length).toBe(before);
    expect(await quota()).toBe(50);
  });

  it("refuses an agent model the endpoint does not offer (agentOptions.model), and runs an offered one", async () => {
    expect((await s.post(key, '/api/user/plugins', { pluginKey: 'calculator', action: 'install', auth: null })).status).toBe(200);
    const before = s.upstream.requests.length;
    for (const model of ['gpt-4', 'gpt-4.1', 'o9-ultra-preview']) {
      const response = await askPlugins([{ pluginKey: 'calculator' }], { agent: 'functions', skipCompletion: true, model });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'model_not_offered', data: { model } });
    }
    expect(s.upstream.requests.length).toBe(before);
    expect(await quota()).toBe(50);

    s.upstream.enqueue({ chunks: ['It is 5.'] }, { chunks: ['Sum'] });
    const served = await s.ask(key, { endpoint: 'gptPlugins', model: 'gpt-4o-mini', text: 'what is 2+3', tools: [{ pluginKey: 'calculator' }], agentOptions: { agent: 'functions', skipCompletion: true, model: 'gpt-4o' } }, '/api/ask/gptPlugins');
    expect(finalOf(served.frames).responseMessage.text).toBe('It is 5.');
    expect((s.upstream.requests[before]!.body as { model: string }).model).toBe(upstreamModel('gptPlugins', 'gpt-4o').id);
    // One agent step of gpt-4o: 10, not the conversation model's 1.
    expect(await quota()).toBe(40);
  });
});
