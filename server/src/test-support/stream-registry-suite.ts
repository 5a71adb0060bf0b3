import { randomUUID } from 'node:crypto';
import { waitUntil } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessageEvent } from '@parley/core';
import type { StreamFrame, StreamRegistry, StreamRegistryOptions } from '../streams/stream-registry.ts';

/**
 * Two registries that see the same streams: one instance twice for the in-memory registry,
 * two connections on one server for a shared one. Frames written through `writer` must be
 * visible through `reader`, as they would be for two app instances.
 */
/** A delta frame's data, as small as the contract allows: the registry relays it as it is. */
export const deltaOf = (delta: string): ChatMessageEvent => ({ message: true, seq: 1, delta });
/** A last frame's data: the registry does not look into frames, so a delta serves. */
export const ended: ChatMessageEvent = { message: true, seq: 2, delta: 'end' };

export interface RegistryPair {
  writer: StreamRegistry;
  reader: StreamRegistry;
  close(): Promise<void>;
}


/** The behaviour every `StreamRegistry` implementation must have. */
export function runStreamRegistrySuite(name: string, makePair: (options?: StreamRegistryOptions) => Promise<RegistryPair>) {
  describe(`StreamRegistry: ${name}`, () => {
    let pair: RegistryPair;
    beforeAll(async () => {
      pair = await makePair();
    });
    afterAll(() => pair.close());

    const newStream = (userId: string = randomUUID()) => ({ streamId: randomUUID(), userId, conversationId: randomUUID() });

    it('numbers frames from 0, replays those after a seq, then delivers live ones in order', async () => {
      const info = newStream();
      await pair.writer.create(info, 5);
      expect(await pair.writer.append(info.streamId, { event: 'message', data: deltaOf('') })).toBe(0);
      expect(await pair.writer.append(info.streamId, { event: 'message', data: deltaOf('a') })).toBe(1);
      expect(await pair.writer.append(info.streamId, { event: 'message', data: deltaOf('b') })).toBe(2);

      const received: StreamFrame[] = [];
      const sub = await pair.reader.subscribe(info.streamId, 1, (f) => received.push(f));
      expect(sub).not.toBeNull();
      await pair.writer.append(info.streamId, { event: 'message', data: deltaOf('c') });
      await pair.writer.append(info.streamId, { event: 'message', data: ended, last: true });
      await waitUntil(() => received.length === 3);
      expect(received.map((f) => f.seq)).toEqual([2, 3, 4]);
      expect(received.map((f) => f.data)).toEqual([deltaOf('b'), deltaOf('c'), ended]);
      // Replayed and live frames carry the JSON they were stored with, relayed without re-serialising.
      expect(received.map((f) => f.json)).toEqual([deltaOf('b'), deltaOf('c'), ended].map((data) => JSON.stringify(data)));
      expect(received.map((f) => f.last)).toEqual([false, false, true]);
      sub!.close();
    });

    it('hands each frame to a listener on the running instance as it is appended', async () => {
      const info = newStream();
      await pair.writer.create(info, 5);
      const received: number[] = [];
      const sub = await pair.writer.subscribe(info.streamId, -1, (f) => received.push(f.seq));
      const appended = pair.writer.append(info.streamId, { event: 'message', data: deltaOf('') });
      expect(received).toEqual([0]);
      await appended;
      await pair.writer.append(info.streamId, { event: 'message', data: ended, last: true });
      expect(received).toEqual([0, 1]);
      sub!.close();
    });

    it('appends a live frame from its JSON at once: numbered after the others, handed on before it returns, replayed elsewhere as given', async () => {
      const info = newStream();
      await pair.writer.create(info, 5);
      await pair.writer.append(info.streamId, { event: 'message', data: deltaOf('a') });
      const here: StreamFrame[] = [];
      const sub = await pair.writer.subscribe(info.streamId, 0, (f) => here.push(f));
      const json = '{"message":true,"seq":2,"delta":"b\\n"}';
      expect(pair.writer.appendLive(info.streamId, json)).toBe(1);
      expect(here.map((f) => [f.seq, f.event, f.json, f.last])).toEqual([[1, 'message', json, false]]);
      await pair.writer.append(info.streamId, { event: 'message', data: ended, last: true });
      const there: StreamFrame[] = [];
      await pair.reader.subscribe(info.streamId, 0, (f) => there.push(f));
      await waitUntil(() => there.length === 2);
      expect(there.map((f) => f.json)).toEqual([json, JSON.stringify(ended)]);
      expect(() => pair.writer.appendLive(info.streamId, json)).toThrow(/is not live/);
      expect(() => pair.writer.appendLive(randomUUID(), json)).toThrow(/is not live/);
      sub!.close();
    });

    it('replays a whole ended stream, error frames included', async () => {
      const info = newStream();
      await pair.writer.create(info, 5);
      await pair.writer.append(info.streamId, { event: 'message', data: deltaOf('') });
      await pair.writer.append(info.streamId, { event: 'error', data: { error: true, text: 'failed' }, last: true });
      const received: StreamFrame[] = [];
      await pair.reader.subscribe(info.streamId, -1, (f) => received.push(f));
      await waitUntil(() => received.length === 2);
      expect(received.map((f) => [f.seq, f.event, f.last])).toEqual([
        [0, 'message', false],
        [1, 'error', true],
      ]);
    });

    it('replays a finished stream from any seq, as often as asked, with each frame’s JSON, event and end', async () => {
      const info = newStream();
      await pair.writer.create(info, 5);
      const deltas = ['a', 'é', '今', '😀', '"quoted"\n'];
      await pair.writer.append(info.streamId, { event: 'message', data: deltaOf('') });
      for (const delta of deltas) await pair.writer.append(info.streamId, { event: 'message', data: deltaOf(delta) });
      await pair.writer.append(info.streamId, { event: 'error', data: { error: true, text: 'failed' }, last: true });
      for (const after of [-1, 0, 3, 5, 6]) {
        for (const registry of [pair.writer, pair.reader]) {
          const received: StreamFrame[] = [];
          await registry.subscribe(info.streamId, after, (f) => received.push(f));
          // A reader that has every frame still gets the last one again, so its resume ends.
          const from = Math.min(after + 1, 6);
          await waitUntil(() => received.length === 7 - from);
          const all = [deltaOf(''), ...deltas.map(deltaOf), { error: true, text: 'failed' }];
          expect(received.map((f) => f.seq)).toEqual(all.map((_, seq) => seq).slice(from));
          expect(received.map((f) => f.data)).toEqual(all.slice(from));
          expect(received.map((f) => f.json)).toEqual(all.slice(from).map((data) => JSON.stringify(data)));
          expect(received.map((f) => f.event)).toEqual(all.map((_, seq) => (seq === 6 ? 'error' : 'message')).slice(from));
          expect(received.map((f) => f.last)).toEqual(all.map((_, seq) => seq === 6).slice(from));
        }
      }
    });

    it('tells whether a stream has a reader, on this instance or another', async () => {
      const info = newStream();
      await pair.writer.create(info, 5);
      await pair.writer.append(info.streamId, { event: 'message', data: deltaOf('') });
      expect(await pair.writer.hasReader(info.streamId)).toBe(false);
      const local = await pair.writer.subscribe(info.streamId, -1, () => {});
      expect(await pair.writer.hasReader(info.streamId)).toBe(true);
      local!.close();
      expect(await pair.writer.hasReader(info.streamId)).toBe(false);
      const remote = await pair.reader.subscribe(info.streamId, -1, () => {});
      expect(await pair.writer.hasReader(info.streamId)).toBe(true);
      remote!.close();
      await waitUntil(async () => !(await pair.writer.hasReader(info.streamId)));
      await pair.writer.append(info.streamId, { event: 'message', data: ended, last: true });
    });

    it('refuses appends after the last frame', async () => {
      const info = newStream();
      await pair.writer.create(info, 5);
      await pair.writer.append(info.streamId, { event: 'message', data: ended, last: true });
      await expect(pair.writer.append(info.streamId, { event: 'message', data: ended })).rejects.toThrow();
    });

    it('answers null for a stream it does not know', async () => {
      expect(await pair.reader.subscribe(randomUUID(), -1, () => {})).toBeNull();
    });

    it('limits live streams per user and frees a slot when a stream ends', async () => {
      const userId = randomUUID();
      const first = newStream(userId);
      const second = newStream(userId);
      expect(await pair.writer.create(first, 2)).toEqual({ ok: true });
      expect(await pair.reader.create(second, 2)).toEqual({ ok: true });
      expect(await pair.writer.create(newStream(userId), 2)).toEqual({ ok: false, live: 2 });
      expect(await pair.writer.create(newStream(), 2)).toEqual({ ok: true });
      expect(await pair.reader.liveCount(userId)).toBe(2);
      await pair.writer.append(first.streamId, { event: 'message', data: ended, last: true });
      expect(await pair.reader.liveCount(userId)).toBe(1);
      expect(await pair.reader.create(newStream(userId), 2)).toEqual({ ok: true });
    });

    it('counts every user’s live streams together, on any instance', async () => {
      const before = await pair.reader.liveTotal();
      const first = newStream(randomUUID());
      await pair.writer.create(first, 2);
      await pair.reader.create(newStream(randomUUID()), 2);
      expect(await pair.reader.liveTotal()).toBe(before + 2);
      await pair.writer.append(first.streamId, { event: 'message', data: ended, last: true });
      expect(await pair.writer.liveTotal()).toBe(before + 1);
    });

    it('frees the slot and refuses aborts once the reply ended, keeping the stream open for its title, which a resume replays', async () => {
      const userId = randomUUID();
      const info = newStream(userId);
      await pair.writer.create(info, 1);
      await pair.writer.append(info.streamId, { event: 'message', data: deltaOf('Hi') });
      await pair.writer.append(info.streamId, { event: 'message', data: ended, endsReply: true });
      expect(await pair.reader.liveCount(userId)).toBe(0);
      expect(await pair.reader.requestAbort(info.streamId)).toBe(false);
      // The user's next message may start while this stream waits for its title.
      const next = newStream(userId);
      expect(await pair.reader.create(next, 1)).toEqual({ ok: true });

      const frames: StreamFrame[] = [];
      const subscription = await pair.reader.subscribe(info.streamId, 0, (frame) => frames.push(frame));
      await waitUntil(() => frames.length === 1);
      expect(frames[0]).toMatchObject({ seq: 1, last: false });
      const title = { conversationId: info.conversationId, title: 'Greetings' };
      await pair.writer.append(info.streamId, { event: 'message', data: title, last: true });
      await waitUntil(() => frames.length === 2);
      expect(frames[1]).toMatchObject({ seq: 2, last: true, data: title });
      subscription!.close();
      const resumed: StreamFrame[] = [];
      await pair.reader.subscribe(info.streamId, 1, (frame) => resumed.push(frame));
      await waitUntil(() => resumed.length === 1);
      expect(resumed.map((f) => [f.seq, f.last, f.data])).toEqual([[2, true, title]]);
      await pair.reader.append(next.streamId, { event: 'message', data: ended, last: true });
    });

    it('finds a stream of the user by stream id or conversation id, never another user’s', async () => {
      const info = newStream();
      await pair.writer.create(info, 5);
      expect(await pair.reader.find(info.userId, info.streamId)).toEqual(info);
      expect(await pair.reader.find(info.userId, info.conversationId)).toEqual(info);
      expect(await pair.reader.find(randomUUID(), info.streamId)).toBeNull();
      expect(await pair.reader.find(randomUUID(), info.conversationId)).toBeNull();
    });

    it('delivers an abort requested from another instance to the running one', async () => {
      const info = newStream();
      await pair.writer.create(info, 5);
      let aborted = 0;
      // Requested at once: an abort asked for before the running instance listens is honoured too.
      const sub = pair.writer.onAbort(info.streamId, () => aborted++);
      expect(await pair.reader.requestAbort(info.streamId)).toBe(true);
      await waitUntil(() => aborted === 1);
      sub.close();
      await pair.writer.append(info.streamId, { event: 'message', data: ended, last: true });
      expect(await pair.reader.requestAbort(info.streamId)).toBe(false);
    });

    it('forgets an ended stream after the retention time', async () => {
      const short = await makePair({ retainMs: 1000 });
      const info = newStream();
      await short.writer.create(info, 5);
      await short.writer.append(info.streamId, { event: 'message', data: ended, last: true });
      // Kept for a late reader at first, then gone once the retention time has passed.
      const late = await short.reader.subscribe(info.streamId, -1, () => {});
      expect(late).not.toBeNull();
      late!.close();
      await waitUntil(async () => {
        const reader = await short.reader.subscribe(info.streamId, -1, () => {});
        reader?.close();
        return reader === null;
      });
      await short.close();
    });
  });
}
