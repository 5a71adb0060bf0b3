import { startDeepSeekFake } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalOf, listenTestApp, readSse } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

describe.each(testDatabaseKinds)('continuing a reply with reasoning on %s', (kind) => {
  let deepseek: Awaited<ReturnType<typeof startDeepSeekFake>>;
  let t: Awaited<ReturnType<typeof listenTestApp>>;
  let alice: Awaited<ReturnType<typeof t.signUp>>;

  beforeAll(async () => {
    deepseek = await startDeepSeekFake();
    t = await listenTestApp(kind, { DEEPSEEK_API_KEY: 'sk-deep', DEEPSEEK_BASE_URL: `${deepseek.url}/v1` });
    alice = await t.signUp();
  });
  afterAll(async () => {
    await t.close();
    await deepseek.close();
  });

  const post = (body: Record<string, unknown>) =>
    fetch(`${t.url}/api/ask/deepSeek`, {
      method: 'POST',
      headers: alice.headers,
      body: JSON.stringify({ endpoint: 'deepSeek', model: 'deepseek-r1', conversationId: null, text: '', ...body }),
    });
  /** Asks and reads the final; a first message's stream goes on to its title, whose call takes an upstream reply too. */
  const ask = async (body: Record<string, unknown>) => finalOf(await readSse(await post(body)));

  it('keeps the reasoning of the first part and adds the continuation’s own', async () => {
    deepseek.enqueue({ reasoning: ['Counting ', 'sheep. '], chunks: ['One, two'], finishReason: 'length' });
    const first = await ask({ text: 'Count sheep' });
    expect(first.responseMessage).toMatchObject({ text: 'One, two', reasoning: 'Counting sheep. ' });
    const { conversationId } = first.conversation;
    const reply = first.responseMessage;

    deepseek.enqueue({ reasoning: ['Go on.'], chunks: [', three'] });
    const continued = await ask({ conversationId, parentMessageId: reply.parentMessageId, isContinued: true, responseMessageId: reply.messageId });
    expect(continued.responseMessage).toMatchObject({ messageId: reply.messageId, text: 'One, two, three', reasoning: 'Counting sheep. Go on.' });

    deepseek.enqueue({ chunks: [', four'] });
    const again = await ask({ conversationId, parentMessageId: reply.parentMessageId, isContinued: true, responseMessageId: reply.messageId });
    expect(again.responseMessage).toMatchObject({ text: 'One, two, three, four', reasoning: 'Counting sheep. Go on.' });
  });

  it('keeps the reply’s text and reasoning when its continue fails upstream', async () => {
    deepseek.enqueue({ reasoning: ['Pondering. '], chunks: ['Half'], finishReason: 'length' });
    const first = await ask({ text: 'Say something' });
    const reply = first.responseMessage;

    deepseek.enqueue({ status: 500 });
    const { conversationId } = first.conversation;
    const res = await post({ conversationId, parentMessageId: reply.parentMessageId, isContinued: true, responseMessageId: reply.messageId });
    const frames = await readSse(res);
    expect(frames.at(-1)!.event).toBe('error');
    const stored = await (await fetch(`${t.url}/api/messages/${conversationId}`, { headers: alice.headers })).json();
    expect(stored).toContainEqual(expect.objectContaining({ messageId: reply.messageId, text: 'Half', reasoning: 'Pondering. ', error: false }));
  });
});
