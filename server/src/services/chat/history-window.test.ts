import { ROOT_PARENT_ID, type CreatedEvent, type Message } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import type { MessageSize } from '../messages/message-store.ts';
import { finalOf, startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';
import { historyBudget, historyWindow } from './history-window.ts';

const sized = (n: number, chars: number, isCreatedByUser = n % 2 === 0, error = false): MessageSize => ({
  messageId: `m${n}`,
  parentMessageId: n === 0 ? ROOT_PARENT_ID : `m${n - 1}`,
  isCreatedByUser,
  error,
  chars,
});
const ids = (window: MessageSize[]) => window.map((m) => m.messageId);

describe('historyWindow', () => {
  it('keeps a branch that fits whole', () => {
    expect(ids(historyWindow([sized(0, 10), sized(1, 10)], 20))).toEqual(['m0', 'm1']);
  });

  it('cuts the oldest messages first, and opens the window with a user message', () => {
    const branch = [sized(0, 10), sized(1, 10), sized(2, 10), sized(3, 10)];
    expect(ids(historyWindow(branch, 25))).toEqual(['m2', 'm3']);
    // m1…m3 would fit, but m1 is a reply whose question is cut: it goes too.
    expect(ids(historyWindow(branch, 30))).toEqual(['m2', 'm3']);
  });

  it('leaves error replies out without counting them', () => {
    const branch = [sized(0, 10), sized(1, 1000, false, true), sized(2, 10), sized(3, 10)];
    expect(ids(historyWindow(branch, 30))).toEqual(['m0', 'm2', 'm3']);
  });

  it('gives a model its input, at ~3 characters a token, and a 1M-token model no more than 500,000 characters', () => {
    const env = parseEnv({ OPENAI_MODEL_ALIASES: 'gpt-4o=gpt-4o' });
    expect(historyBudget(env, 'openAI', 'gpt-4o')).toBe((128_000 - 16_384) * 3);
    expect(historyBudget(env, 'openAI', 'gpt-4.1')).toBe(500_000);
  });

  it('is empty when not even the newest message fits', () => {
    expect(historyWindow([sized(0, 10), sized(1, 50)], 40)).toEqual([]);
  });
});

type Turn = { role: string; content: string };
/** A turn by its first words: the questions are too long to compare whole in a failure's report. */
const label = (turn: Turn) => turn.content.slice(0, 11);

describe.each(testDatabaseKinds)('a conversation longer than the model takes, on %s', (kind) => {
  let s: ChatStack;
  let who: Awaited<ReturnType<ChatStack['t']['signUp']>>;
  const model = 'gpt-4o';
  // gpt-4o itself (128K tokens, 16K of them for the reply), not the catalog's 1M-token successor: a window a test can overflow.
  const env = { OPENAI_MODEL_ALIASES: 'gpt-4o=gpt-4o' };
  const system = 'Answer as a pirate would.';
  /** Questions of 99,000 characters: four of them do not fit gpt-4o's input, three do. */
  const question = (n: number) => `Question ${n}: ${String(n).repeat(99_000 - 12)}`;
  const questions = [1, 2, 3, 4].map(question);
  let conversationId: string;
  let lastReply: Message;
  const sentTurns = () => (s.upstream.requests.at(-1)!.body as { messages: Turn[] }).messages;

  beforeAll(async () => {
    s = await startChatStack(kind, env);
    who = await s.t.signUp();
    let parentMessageId = ROOT_PARENT_ID;
    for (const [n, text] of questions.entries()) {
      s.upstream.enqueue({ chunks: [`Answer ${n + 1}.`] });
      if (n === 0) s.upstream.enqueue({ chunks: ['A title'] });
      const { frames } = await s.ask(who, { text, model, promptPrefix: system, conversationId: n === 0 ? null : conversationId, parentMessageId });
      conversationId = (frames[0]!.data as CreatedEvent).conversationId;
      lastReply = finalOf(frames).responseMessage;
      parentMessageId = lastReply.messageId;
    }
  });
  afterAll(() => s.close());

  it('sends the instructions and only the newest turns that fit, the oldest cut first', async () => {
    s.upstream.enqueue({ chunks: ['Arr.'] });
    const { frames } = await s.ask(who, { text: 'And now?', model, promptPrefix: system, conversationId, parentMessageId: lastReply.messageId });
    expect(finalOf(frames).responseMessage.text).toBe('Arr.');
    const turns = sentTurns();
    // The instructions go first, as a system (or, to OpenAI's newer models, developer) message.
    expect(turns[0]).toMatchObject({ role: expect.stringMatching(/^(system|developer)$/), content: system });
    expect(turns.slice(1).map(label)).toEqual(['Question 2:', 'Answer 2.', 'Question 3:', 'Answer 3.', 'Question 4:', 'Answer 4.', 'And now?']);
    expect(turns[1]!.content).toBe(questions[1]);
    const sent = turns.reduce((sum, t) => sum + t.content.length, 0);
    expect(sent).toBeLessThanOrEqual(historyBudget(s.t.ctx.env, 'openAI', model));
  });

  it('regenerating keeps the question it answers and cuts from the oldest', async () => {
    s.upstream.enqueue({ chunks: ['Yo ho.'] });
    const { frames: asked } = await s.ask(who, { text: question(5), model, conversationId, parentMessageId: lastReply.messageId });
    const q5 = finalOf(asked).requestMessage;
    s.upstream.enqueue({ chunks: ['Yo ho ho.'] });
    await s.ask(who, { text: q5.text, model, conversationId, parentMessageId: lastReply.messageId, overrideParentMessageId: q5.messageId, messageId: q5.messageId, isRegenerate: true });
    expect(sentTurns().map(label)).toEqual(['Question 3:', 'Answer 3.', 'Question 4:', 'Answer 4.', 'Question 5:']);
  });
});
