import { importSummarySchema, type ConversationPage, type Message } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConversation } from '../../services/conversations/conversation-store.ts';
import { importLimits } from '../../services/import/import-thread.ts';
import { listenTestApp, type ListeningApp } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { multipartBody } from '../../test-support/multipart.ts';

type Caller = { token: string };

const node = (id: string, parent: string | null, role: string | null, parts: unknown[] = [], extra: Record<string, unknown> = {}) => ({
  id,
  parent,
  children: [],
  message: role ? { id, author: { role }, content: { content_type: 'text', parts }, create_time: 1_700_000_000 + Number(id.replace(/\D/g, '') || 0), metadata: { model_slug: 'gpt-4o' }, recipient: 'all', ...extra } : null,
});

/** A ChatGPT export's conversation: a system root, a question answered twice (two branches), a picture part and a code run. */
const chatgptExport = [
  {
    title: 'Trip to Kyoto',
    create_time: 1_700_000_000,
    current_node: 'n5',
    mapping: {
      root: node('root', null, null),
      n0: node('n0', 'root', 'system', ['']),
      n1: node('n1', 'n0', 'user', ['Plan three days in Kyoto', { content_type: 'image_asset_pointer' }], { content: { content_type: 'multimodal_text', parts: ['Plan three days in Kyoto', { content_type: 'image_asset_pointer' }] } }),
      n2: node('n2', 'n1', 'assistant', ['Day one: Fushimi Inari.']),
      n3: node('n3', 'n1', 'assistant', ['Day one: Kiyomizu-dera.']),
      n4: node('n4', 'n3', 'assistant', [], { content: { content_type: 'code', text: 'print(1)' }, recipient: 'python' }),
      n5: node('n5', 'n4', 'user', ['Thanks!']),
    },
  },
  { title: 'Empty', create_time: 1_700_000_100, mapping: { root: node('root', null, null) } },
];

const librechatExport = {
  conversationId: 'lc-1',
  title: 'LibreChat talk',
  endpoint: 'anthropic',
  model: 'claude-sonnet-4-6',
  recursive: true,
  messages: [
    {
      messageId: 'l1',
      parentMessageId: '00000000-0000-0000-0000-000000000000',
      text: 'Hello Claude',
      sender: 'User',
      isCreatedByUser: true,
      createdAt: '2025-01-01T10:00:00.000Z',
      children: [
        { messageId: 'l2', parentMessageId: 'l1', text: 'Hello!', sender: 'Claude', isCreatedByUser: false, createdAt: '2025-01-01T10:00:05.000Z', children: [] },
        { messageId: 'l3', parentMessageId: 'l1', text: '', content: [{ type: 'text', text: 'Hi there!' }, { type: 'image_file' }], sender: 'Claude', isCreatedByUser: false, children: [] },
      ],
    },
  ],
};

describe.each(testDatabaseKinds)('conversation import on %s', (kind) => {
  let t: ListeningApp;
  let alice: Awaited<ReturnType<ListeningApp['signUp']>>;
  let bob: Awaited<ReturnType<ListeningApp['signUp']>>;

  const upload = (who: Caller, data: string | Buffer, name = 'conversations.json') => {
    const form = multipartBody({}, { name, data });
    return t.app.inject({ method: 'POST', url: '/api/convos/import', payload: form.body, headers: { 'content-type': form.contentType, authorization: `Bearer ${who.token}` } });
  };
  const list = async (who: Caller) => (await t.app.inject({ method: 'GET', url: '/api/convos', headers: { authorization: `Bearer ${who.token}` } })).json<ConversationPage>().conversations;
  const messagesOf = async (who: Caller, id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/messages/${id}`, headers: { authorization: `Bearer ${who.token}` } })).json<Message[]>();

  beforeAll(async () => {
    t = await listenTestApp(kind, { IMPORT_MAX_MB: '2' });
    [alice, bob] = [await t.signUp(), await t.signUp()];
  });
  afterAll(() => t.close());

  it('imports a ChatGPT export with its branches and says what it left out', async () => {
    const res = await upload(alice, JSON.stringify(chatgptExport));
    expect(res.statusCode).toBe(200);
    expect(importSummarySchema.parse(res.json())).toEqual({
      format: 'chatgpt',
      conversations: 1,
      messages: 4,
      skippedConversations: 1,
      // The code run; the system message is no loss.
      skippedMessages: 1,
      // The picture.
      skippedParts: 1,
    });
    const [imported] = await list(alice);
    expect(imported).toMatchObject({ title: 'Trip to Kyoto', endpoint: 'openAI', model: 'gpt-4o' });
    const messages = await messagesOf(alice, imported!.conversationId);
    const byText = new Map(messages.map((m) => [m.text, m]));
    const question = byText.get('Plan three days in Kyoto')!;
    // Both answers hang under the question (two branches); the thanks follows the second, past the dropped code run.
    expect(byText.get('Day one: Fushimi Inari.')!.parentMessageId).toBe(question.messageId);
    expect(byText.get('Day one: Kiyomizu-dera.')!.parentMessageId).toBe(question.messageId);
    expect(byText.get('Thanks!')!.parentMessageId).toBe(byText.get('Day one: Kiyomizu-dera.')!.messageId);
    expect(question.isCreatedByUser).toBe(true);
    expect(messages.every((m) => !['n1', 'n2', 'n3', 'n5'].includes(m.messageId))).toBe(true);
  });

  it('imports a LibreChat JSON export (a tree), its endpoint and model kept', async () => {
    const res = await upload(bob, JSON.stringify(librechatExport));
    expect(res.json()).toEqual({ format: 'librechat', conversations: 1, messages: 3, skippedConversations: 0, skippedMessages: 0, skippedParts: 1 });
    const [imported] = await list(bob);
    expect(imported).toMatchObject({ title: 'LibreChat talk', endpoint: 'anthropic', model: 'claude-sonnet-4-6' });
    const messages = await messagesOf(bob, imported!.conversationId);
    expect(messages.map((m) => m.text).sort()).toEqual(['Hello Claude', 'Hello!', 'Hi there!']);
    expect(messages.filter((m) => m.parentMessageId === messages.find((q) => q.isCreatedByUser)!.messageId)).toHaveLength(2);
  });

  it('never writes into another’s conversation: an export naming Alice’s ids lands as new conversations of the caller', async () => {
    await createConversation(t.ctx.db, { conversationId: `alice-own-${kind}`, userId: alice.userId, endpoint: 'openAI', model: null, options: {}, title: 'Alice own' });
    const hostile = { ...librechatExport, conversationId: `alice-own-${kind}`, messages: [{ messageId: `alice-own-${kind}`, parentMessageId: null, text: 'Bob was here', isCreatedByUser: true }] };
    expect((await upload(bob, JSON.stringify(hostile))).statusCode).toBe(200);
    expect(await messagesOf(alice, `alice-own-${kind}`)).toEqual([]);
    expect((await list(alice)).map((c) => c.title)).not.toContain('LibreChat talk');
    expect((await list(bob)).map((c) => c.title).filter((title) => title === 'LibreChat talk')).toHaveLength(2);
  });

  it('bounds a hostile export: a huge mapping and cycles are left out, deep nesting and non-exports are refused cleanly', async () => {
    const huge: Record<string, unknown> = {};
    for (let i = 0; i <= importLimits.nodesPerConversation; i++) huge[`h${i}`] = { parent: i === 0 ? null : `h${i - 1}`, message: null };
    // A cycle with no root: nothing reaches it. A self-parent is its own root.
    const cycle = { a: node('a', 'b', 'user', ['in a loop']), b: node('b', 'a', 'assistant', ['still looping']) };
    const res = await upload(alice, JSON.stringify([{ title: 'Huge', mapping: huge }, { title: 'Cycle', mapping: cycle }, chatgptExport[0]]));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ conversations: 1, messages: 4, skippedConversations: 2 });

    const deep = `[{"mapping":{"x":{"message":null,"parent":${'['.repeat(200_000)}${']'.repeat(200_000)}}}}]`;
    const refused = await upload(alice, deep);
    expect([200, 400]).toContain(refused.statusCode);
    if (refused.statusCode === 200) expect(refused.json()).toMatchObject({ conversations: 0 });
    else expect(refused.json()).toMatchObject({ error: 'import_invalid' });

    expect((await upload(alice, 'not json at all')).json()).toMatchObject({ error: 'import_invalid' });
    expect((await upload(alice, JSON.stringify({ hello: 'world' }))).json()).toMatchObject({ error: 'import_invalid' });
    const tooLarge = await upload(alice, Buffer.alloc(2 * 1024 * 1024 + 10, 32));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ error: 'import_too_large', data: { limitMb: 2 } });
  });

  it('stops a parse past its time limit and refuses the import', { timeout: 120_000 }, async () => {
    const slow = await listenTestApp(kind, { PARSE_TIMEOUT_MS: '100', IMPORT_MAX_MB: '30' });
    try {
      const user = await slow.signUp();
      const conversations = Array.from({ length: 2000 }, (_, c) => ({
        title: `c${c}`,
        mapping: Object.fromEntries(Array.from({ length: 45 }, (_, i) => [`n${i}`, node(`n${i}`, i === 0 ? null : `n${i - 1}`, i % 2 ? 'assistant' : 'user', [`text ${i}`])])),
      }));
      const data = JSON.stringify(conversations);
      expect(data.length).toBeLessThan(30 * 1024 * 1024);
      const form = multipartBody({}, { name: 'conversations.json', data });
      const res = await slow.app.inject({ method: 'POST', url: '/api/convos/import', payload: form.body, headers: { 'content-type': form.contentType, authorization: `Bearer ${user.token}` } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: 'import_too_complex' });
      expect((await slow.app.inject({ method: 'GET', url: '/api/convos', headers: { authorization: `Bearer ${user.token}` } })).json<ConversationPage>().conversations).toEqual([]);
    } finally {
      await slow.close();
    }
  });
});
