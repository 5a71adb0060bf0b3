import { ROOT_PARENT_ID, SEARCH_PAGE_SIZE, type ApiErrorBody, type SearchResult } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema.ts';
import { json, listenTestApp, type ListeningApp } from '../../test-support/chat-stack.ts';
import { createConversation } from '../../services/conversations/conversation-store.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

type Who = Awaited<ReturnType<ListeningApp['signUp']>>;

const aliceTexts = [
  'How do I brew pour-over Coffee at home?',
  '今天天气很好，我们去公园散步吧',
  '猫喜欢吃鱼',
  '我想学习人工智能和机器学习',
  'The discount is 50% off, not 5_0 or 50x',
  'A path like C:\\temp\\new is fine',
  '北京的天气怎么样？',
];

describe.each(testDatabaseKinds)('message search on %s', (kind) => {
  let t: ListeningApp;
  let alice: Who;
  let bob: Who;
  const base = Date.parse('2025-03-01T00:00:00Z');
  let seq = 0;

  const seed = async (who: Who, conversationId: string, title: string, texts: string[]) => {
    await createConversation(t.ctx.db, { conversationId, userId: who.userId, endpoint: 'openAI', model: 'gpt-4o', options: {}, title });
    await t.ctx.db.insert(messages).values(
      texts.map((text, i) => ({
        id: `${conversationId}-m${i}`,
        conversationId,
        userId: who.userId,
        parentMessageId: i === 0 ? ROOT_PARENT_ID : `${conversationId}-m${i - 1}`,
        sender: i % 2 === 0 ? 'User' : 'ChatGPT',
        text,
        isCreatedByUser: i % 2 === 0,
        createdAt: new Date(base + seq++ * 1000),
      })),
    );
  };
  const search = (who: Who | undefined, q: string, pageNumber?: number) =>
    fetch(`${t.url}/api/search?q=${encodeURIComponent(q)}${pageNumber === undefined ? '' : `&pageNumber=${pageNumber}`}`, { headers: who?.headers ?? {} });
  const texts = async (who: Who, q: string) => (await json<SearchResult>(search(who, q))).messages.map((m) => m.text);

  beforeAll(async () => {
    t = await listenTestApp(kind);
    [alice, bob] = [await t.signUp(), await t.signUp()];
    await seed(alice, `a1-${kind}`, 'Daily life', aliceTexts);
    await seed(bob, `b1-${kind}`, 'Bob private', ['Coffee beans from Bob', '猫和狗', '天气预报']);
    await seed(alice, `a2-${kind}`, 'Many cats', Array.from({ length: SEARCH_PAGE_SIZE + 5 }, (_, i) => `cat number ${i}`));
  });
  afterAll(() => t.close());

  it('finds English words case-insensitively, with the conversation title, flagged as search results', async () => {
    const result = await json<SearchResult>(search(alice, 'coffee'));
    expect(result.messages).toHaveLength(1);
    expect(result.messages[0]).toMatchObject({ text: aliceTexts[0], title: 'Daily life', searchResult: true, conversationId: `a1-${kind}` });
    expect(result.messages[0]).not.toHaveProperty('userId');
    expect(result.conversations.map((c) => c.conversationId)).toEqual([`a1-${kind}`]);
    expect(result).toMatchObject({ pages: 1, pageNumber: 1 });
  });

  it.each([
    ['one character', '猫', ['猫喜欢吃鱼']],
    ['two characters', '天气', ['北京的天气怎么样？', '今天天气很好，我们去公园散步吧']],
    ['three characters', '人工智', ['我想学习人工智能和机器学习']],
    ['four characters', '机器学习', ['我想学习人工智能和机器学习']],
  ])('finds Chinese text from a %s query, newest first', async (_case, q, expected) => {
    expect(await texts(alice, q)).toEqual(expected);
  });

  it('finds a one-letter English query too', async () => {
    expect((await texts(alice, 'x')).length).toBeGreaterThan(0);
  });

  it('treats %, _ and \\ in the query literally', async () => {
    expect(await texts(alice, '%')).toEqual([aliceTexts[4]]);
    expect(await texts(alice, '5_0')).toEqual([aliceTexts[4]]);
    expect(await texts(alice, '_')).toEqual([aliceTexts[4]]);
    expect(await texts(alice, 'C:\\temp')).toEqual([aliceTexts[5]]);
    expect(await texts(alice, '%%%')).toEqual([]);
  });

  it('never shows another user’s messages or conversations', async () => {
    expect(await texts(alice, 'Bob')).toEqual([]);
    expect(await texts(alice, '猫和')).toEqual([]);
    const bobs = await json<SearchResult>(search(bob, '天气'));
    expect(bobs.messages.map((m) => m.text)).toEqual(['天气预报']);
    expect(bobs.conversations.map((c) => c.title)).toEqual(['Bob private']);
  });

  it('pages the matches 25 at a time, newest first', async () => {
    const first = await json<SearchResult>(search(alice, 'cat number'));
    expect(first).toMatchObject({ pages: 2, pageNumber: 1 });
    expect(first.messages).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.messages[0]!.text).toBe(`cat number ${SEARCH_PAGE_SIZE + 4}`);
    const second = await json<SearchResult>(search(alice, 'cat number', 2));
    expect(second.messages.map((m) => m.text)).toEqual(['cat number 4', 'cat number 3', 'cat number 2', 'cat number 1', 'cat number 0']);
    expect(await json<SearchResult>(search(alice, 'cat number', 3))).toMatchObject({ messages: [], conversations: [], pages: 2, pageNumber: 3 });
    expect(await json<SearchResult>(search(alice, 'no such words'))).toMatchObject({ messages: [], pages: 0, pageNumber: 1 });
  });

  it('validates the query: 1 to 200 characters and a positive page', async () => {
    for (const q of ['', '   ', 'x'.repeat(201)]) {
      const res = await search(alice, q);
      expect(res.status).toBe(400);
      expect((await json<ApiErrorBody>(res)).error).toBe('validation');
    }
    expect((await search(alice, 'cat', 0)).status).toBe(400);
    expect((await search(alice, 'x'.repeat(200))).status).toBe(200);
  });

  it('reports search as enabled and requires a signed-in user', async () => {
    expect(await json<boolean>(fetch(`${t.url}/api/search/enable`, { headers: alice.headers }))).toBe(true);
    expect((await fetch(`${t.url}/api/search/enable`)).status).toBe(401);
    expect((await search(undefined, 'cat')).status).toBe(401);
  });
});

describe('message search switched off', () => {
  let t: ListeningApp;
  beforeAll(async () => {
    t = await listenTestApp('pglite', { SEARCH: 'false' });
  });
  afterAll(() => t.close());

  it('reports the flag as false and answers searches with 404', async () => {
    const who = await t.signUp();
    expect(await json<boolean>(fetch(`${t.url}/api/search/enable`, { headers: who.headers }))).toBe(false);
    expect((await fetch(`${t.url}/api/search?q=cat`, { headers: who.headers })).status).toBe(404);
  });
});
