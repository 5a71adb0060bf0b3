import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { placeholderResponseId, type CreatedEvent, type Message } from '@parley/core';
import { startOpenAIFake, type FakeUpstream } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectSse, deltasOf, json } from '../../test-support/chat-stack.ts';
import { createThrowawayPostgres, testDatabaseKinds, type DatabaseKind } from '../../test-support/databases.ts';
import { startParleyChild, type ParleyChild } from '../../test-support/parley-child.ts';

/** A crash loses at most this much of what the reader had already been shown. */
const MAX_LOST_MS = 250;
/** How long the reply streams on after a save was seen before the kill: past MAX_LOST_MS, short of a second. */
const STREAM_ON_MS = 450;

/** Where a child Parley keeps its data: a data directory on disk (PGlite) or a PostgreSQL database. */
async function storage(kind: DatabaseKind): Promise<{ env: Record<string, string>; remove(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-crash-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'pglite') return { env: { DATA_DIR: dataDir }, remove: async () => removeDir() };
  const throwaway = await createThrowawayPostgres();
  return { env: { DATA_DIR: dataDir, DATABASE_URL: throwaway.url }, remove: async () => (await throwaway.drop(), removeDir()) };
}

/** SIGKILL mid-stream, then a restart on the same data: the reply is there as last saved. */
describe.each(testDatabaseKinds)('a crash mid-stream and a restart, on %s', (kind) => {
  let upstream: FakeUpstream;
  let data: Awaited<ReturnType<typeof storage>>;
  let env: Record<string, string>;
  let parley: ParleyChild | undefined;

  beforeAll(async () => {
    upstream = await startOpenAIFake();
    data = await storage(kind);
    env = { ...data.env, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${upstream.url}/v1` };
  });
  afterAll(async () => {
    await parley?.stop();
    await data?.remove();
    await upstream?.close();
  });

  it('keeps the partial reply, unfinished, exactly as streamed, losing at most 250 ms of what the reader saw', async () => {
    parley = await startParleyChild(env);
    const register = await fetch(`${parley.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Crash Tester', email: `crash-${kind}@example.com`, password: 'correct horse battery', confirm_password: 'correct horse battery' }),
    });
    const { token } = await json<{ token: string }>(register);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    // A long, steady reply in many scripts: it is still streaming when the process dies.
    const words = ['Lorem ', 'ipsum ', 'déjà ', 'vu ', '日本語 ', 'текст ', '🙂 ', 'ok. '];
    upstream.enqueue({ chunks: Array.from({ length: 400 }, (_, i) => words[i % words.length]!), delayMs: 25 });
    const body = { text: 'Talk for a while', messageId: `crash-${kind}`, endpoint: 'openAI', model: 'gpt-4o', conversationId: null };
    const stream = collectSse(await fetch(`${parley.url}/api/ask/openAI`, { method: 'POST', headers, body: JSON.stringify(body) }));
    stream.done.catch(() => undefined);
    const arrivals: { at: number; text: string }[] = [];
    const streamed = () => deltasOf(stream.frames).map((d) => d.delta).join('');
    const record = () => arrivals.push({ at: Date.now(), text: streamed() });
    const streamedBy = (time: number) => arrivals.findLast((a) => a.at <= time)?.text ?? '';
    await stream.until((frames) => (record(), deltasOf(frames).length >= 40), 15_000);
    const { conversationId } = stream.frames[0]!.data as CreatedEvent;

    const storedReply = async () =>
      (await json<Message[]>(fetch(`${parley!.url}/api/messages/${conversationId}`, { headers }))).find((m) => m.messageId === placeholderResponseId(`crash-${kind}`));
    // Waits for a save to be seen (the stored text grows between two reads), so the kill lands a
    // known time after one: a reply saved once a second would then lose STREAM_ON_MS of text.
    let savedAt: number | undefined;
    let lastStored = '';
    for (const deadline = Date.now() + 10_000; savedAt === undefined; ) {
      if (Date.now() > deadline) throw new Error('the partial reply was not saved while it streamed');
      record();
      const stored = (await storedReply())?.text ?? '';
      if (lastStored.length > 0 && stored.length > lastStored.length) savedAt = Date.now();
      lastStored = stored;
    }
    await stream.until(() => (record(), arrivals.at(-1)!.at >= savedAt! + STREAM_ON_MS), 10_000);
    const killedAt = Date.now();
    await parley.kill();
    record();
    const streamedBeforeKill = streamed();
    expect(streamedBeforeKill.length).toBeLessThan(words.join('').length * 50);

    parley = await startParleyChild(env);
    const after = await storedReply();
    expect(after).toMatchObject({ unfinished: true, error: false, parentMessageId: `crash-${kind}` });
    const text = after!.text;
    // Character-exact: a prefix of what the client received, holding all it had received MAX_LOST_MS before the kill.
    expect([...streamedBeforeKill.slice(0, text.length)]).toEqual([...text]);
    const due = streamedBy(killedAt - MAX_LOST_MS);
    const lostMs = killedAt - (arrivals.find((a) => a.text.length > text.length)?.at ?? killedAt);
    console.info(`crash on ${kind}: ${[...streamedBeforeKill].length} characters streamed, ${[...text].length} stored after the restart (${lostMs} ms of text lost)`);
    expect(text.length).toBeGreaterThanOrEqual(due.length);
    // The stream itself died with the process: a resume finds nothing, and the web reloads the messages.
    const { streamId } = stream.frames[0]!.data as CreatedEvent;
    expect((await fetch(`${parley.url}/api/ask/stream/${streamId}?after=0`, { headers })).status).toBe(404);
  }, 400_000);
});
