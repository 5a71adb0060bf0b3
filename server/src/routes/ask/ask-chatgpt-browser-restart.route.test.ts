import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FinalEvent } from '@parley/core';
import { startChatGPTWebFake, type ChatGPTWebFake } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalOf, json, readSse } from '../../test-support/chat-stack.ts';
import { createThrowawayPostgres, testDatabaseKinds, type DatabaseKind } from '../../test-support/databases.ts';
import { startParleyChild, type ParleyChild } from '../../test-support/parley-child.ts';

async function storage(kind: DatabaseKind): Promise<{ env: Record<string, string>; remove(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-chatgpt-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'pglite') return { env: { DATA_DIR: dataDir }, remove: async () => removeDir() };
  const throwaway = await createThrowawayPostgres();
  return { env: { DATA_DIR: dataDir, DATABASE_URL: throwaway.url }, remove: async () => (await throwaway.drop(), removeDir()) };
}

/** The conversation lives in ChatGPT; its place is stored with each reply, so a restarted Parley goes on where it was. */
describe.each(testDatabaseKinds)('a chatGPTBrowser conversation across a restart, on %s', (kind) => {
  let fake: ChatGPTWebFake;
  let data: Awaited<ReturnType<typeof storage>>;
  let env: Record<string, string>;
  let parley: ParleyChild | undefined;

  beforeAll(async () => {
    fake = await startChatGPTWebFake({ tokens: ['operator-token'] });
    data = await storage(kind);
    env = { ...data.env, CHATGPT_BROWSER_API_KEY: 'operator-token', CHATGPT_BROWSER_BASE_URL: fake.url };
  });
  afterAll(async () => {
    await parley?.stop();
    await data?.remove();
    await fake?.close();
  });

  it('continues the third turn under the second reply after the server restarted', { timeout: 400_000 }, async () => {
    parley = await startParleyChild(env);
    const register = await fetch(`${parley.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Restart Tester', email: `chatgpt-restart-${kind}@example.com`, password: 'correct horse battery', confirm_password: 'correct horse battery' }),
    });
    const { token } = await json<{ token: string }>(register);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const ask = async (body: Record<string, unknown>): Promise<FinalEvent> => {
      const response = await fetch(`${parley!.url}/api/ask/chatGPTBrowser`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ endpoint: 'chatGPTBrowser', model: 'gpt-5-6', conversationId: null, ...body }),
      });
      return finalOf(await readSse(response));
    };

    const first = await ask({ text: 'turn one' });
    const conversationId = first.conversation.conversationId;
    const second = await ask({ text: 'turn two', conversationId, parentMessageId: first.responseMessage.messageId });
    const secondSent = fake.requests.at(-1)!.body as { conversation_id: string; parent_message_id: string };
    expect(secondSent.conversation_id).toBeDefined();

    await parley.stop();
    parley = await startParleyChild(env);
    const third = await ask({ text: 'turn three', conversationId, parentMessageId: second.responseMessage.messageId });
    expect(third.responseMessage.text).toBe('Echo: turn three');
    const thirdSent = fake.requests.at(-1)!.body as { conversation_id: string; parent_message_id: string; messages: unknown[] };
    expect(thirdSent.conversation_id).toBe(secondSent.conversation_id);
    expect(thirdSent.parent_message_id).not.toBe(secondSent.parent_message_id);
    expect(thirdSent.messages).toHaveLength(1);
    // The third question went under the second answer, which sits on the first turn: one upstream conversation.
    expect(fake.thread(thirdSent.conversation_id, thirdSent.parent_message_id).map((m) => m.text)).toEqual(['turn one', 'Echo: turn one', 'turn two', 'Echo: turn two']);
  });
});
