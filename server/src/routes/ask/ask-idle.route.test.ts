import type { CreatedEvent } from '@parley/core';
import { waitUntil } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectSse, deltasOf, startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';
import { findMessage } from '../../services/messages/message-store.ts';

type Who = Awaited<ReturnType<ChatStack['t']['signUp']>>;

describe('a reply whose upstream never ends', () => {
  let s: ChatStack;
  let alice: Who;
  let bob: Who;

  beforeAll(async () => {
    s = await startChatStack('pglite', { STREAM_IDLE_TIMEOUT_MS: '800', CONCURRENT_MESSAGE_MAX: '1' });
    [alice, bob] = [await s.t.signUp(), await s.t.signUp()];
  });
  afterAll(() => s.close());

  const openHeld = async (who: Who, text: string, signal?: AbortSignal) => {
    s.upstream.enqueue({ chunks: [`${text} `], hold: true });
    const stream = collectSse(await s.post(who, '/api/ask/openAI', { endpoint: 'openAI', model: 'gpt-4o', conversationId: null, text }, signal));
    stream.done.catch(() => undefined);
    await stream.until((frames) => deltasOf(frames).length === 1);
    return stream;
  };

  it('frees its slot after the idle time once nobody reads it, and is saved cancelled; a read one goes on', async () => {
    // Bob's reply starts first and is read all along; Alice's is dropped: only the reader differs.
    const read = await openHeld(bob, 'Read');
    const dropping = new AbortController();
    const dropped = await openHeld(alice, 'Dropped', dropping.signal);
    const { streamId } = dropped.frames[0]!.data as CreatedEvent;
    dropping.abort();

    await waitUntil(async () => (await s.t.ctx.streams.liveCount(alice.userId)) === 0, { timeout: 15_000, interval: 50 });
    expect(await s.t.ctx.streams.liveCount(bob.userId)).toBe(1);
    const replay: string[] = [];
    await s.t.ctx.streams.subscribe(streamId, -1, (frame) => replay.push(frame.json));
    // The slot is free once the reply ended: its final is in, whether or not its title followed yet.
    const final = replay.map((json) => JSON.parse(json) as { final?: boolean; responseMessage: { messageId: string } }).find((frame) => frame.final);
    expect(final).toBeDefined();
    expect(await findMessage(s.t.ctx.db, alice.userId, final!.responseMessage.messageId)).toMatchObject({ text: 'Dropped ', cancelled: true });

    const abort = await s.post(bob, '/api/ask/openAI/abort', { abortKey: (read.frames[0]!.data as CreatedEvent).streamId });
    expect(abort.status).toBe(200);
    await read.done;
  });
});
