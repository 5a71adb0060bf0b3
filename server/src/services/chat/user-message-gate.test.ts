import { randomUUID } from 'node:crypto';
import { askRequestSchema, ROOT_PARENT_ID, type Message } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintKey } from '../../test-support/access-keys.ts';
import { json, startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { prepareExchange } from './prepare-exchange.ts';
import { openUserMessageGate } from './user-message-gate.ts';

describe.each(testDatabaseKinds)('a new user message, stored and announced, on %s', (kind) => {
  let s: ChatStack;

  beforeAll(async () => {
    s = await startChatStack(kind, { ACCESS_MODE: 'keys' });
  });
  afterAll(() => s.close());

  /** A first message of a key's owner, its stream claimed, and the order in which its gate settles. */
  async function opened(text: string) {
    const key = await mintKey(s.t.ctx.db, { quota: 10 });
    const body = askRequestSchema.parse({ text, endpoint: 'openAI', model: 'gpt-4o-mini', conversationId: null, parentMessageId: ROOT_PARENT_ID });
    const exchange = await prepareExchange(s.t.ctx, { id: key.row.userId!, visitor: false }, 'openAI', body, 'ask');
    const streamId = randomUUID();
    await s.t.ctx.streams.create({ streamId, userId: exchange.userId, conversationId: exchange.conversationId }, 5);
    const gate = openUserMessageGate(s.t.ctx, exchange, streamId);
    const order: string[] = [];
    void gate.stored.then(() => order.push('stored'));
    void gate.announced.then(() => order.push('announced'));
    return { key, exchange, gate, order };
  }

  const storedMessages = async (key: { headers: Record<string, string> }, conversationId: string) =>
    json<Message[]>(s.get(key, `/api/messages/${conversationId}`));

  it('announces a message whose first delta came at once, and a client that reads after `created` finds it as announced', async () => {
    const { key, exchange, gate, order } = await opened('Quick one');

    const announced = await gate.beforeFirstDelta();
    // On PGlite `created` goes out first, and the insert after it; elsewhere the message is stored first.
    expect(order).toEqual(kind === 'pglite' ? ['announced'] : ['stored', 'announced']);
    const read = await storedMessages(key, exchange.conversationId);

    expect(read.map((m) => [m.messageId, m.createdAt])).toEqual([[exchange.userMessage.id, announced.createdAt.toISOString()]]);
    expect(await gate.stored).toEqual(announced);
  });

  it('is read by a client after `created` even when the first delta came in a check-phase callback', async () => {
    const { key, exchange, gate } = await opened('From an immediate');

    const announced = await new Promise<Awaited<ReturnType<typeof gate.beforeFirstDelta>>>((resolve, reject) => setImmediate(() => void gate.beforeFirstDelta().then(resolve, reject)));
    const read = await storedMessages(key, exchange.conversationId);

    expect(read.map((m) => [m.messageId, m.createdAt])).toEqual([[exchange.userMessage.id, announced.createdAt.toISOString()]]);
  });

  it('stores a message whose reply is slow before announcing it', async () => {
    const { key, exchange, gate, order } = await opened('Slow one');

    const announced = await gate.announced;

    expect(order).toEqual(['stored', 'announced']);
    const read = await storedMessages(key, exchange.conversationId);
    expect(read.map((m) => [m.messageId, m.createdAt])).toEqual([[exchange.userMessage.id, announced.createdAt.toISOString()]]);
  });
});
