import { cloudflareChallengePage, startChatGPTWebFake, type ChatGPTWebFake } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, readSse, type ListeningApp } from '../../test-support/chat-stack.ts';
import { bufferLogger } from '../../test-support/buffer-logger.ts';

/** What the operator reads when chatGPTBrowser fails: the check that stopped it, or the proxy that did not answer; never the page or the token. */
describe('chatGPTBrowser failures in the operator log', () => {
  let fake: ChatGPTWebFake;
  let t: ListeningApp;
  const logs = bufferLogger();
  const token = 'operator-token-0123456789';

  beforeAll(async () => {
    fake = await startChatGPTWebFake({ tokens: [token] });
    t = await listenTestApp('pglite', { CHATGPT_BROWSER_API_KEY: token, CHATGPT_BROWSER_BASE_URL: fake.url }, { log: logs.log as never });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const ask = async (text: string) => {
    const who = await t.signUp();
    const response = await fetch(`${t.url}/api/ask/chatGPTBrowser`, {
      method: 'POST',
      headers: who.headers,
      body: JSON.stringify({ endpoint: 'chatGPTBrowser', model: 'auto', conversationId: null, text }),
    });
    return readSse(response);
  };
  const lines = () => logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('logs a Cloudflare challenge as an error naming the check and the page title, not the page', async () => {
    fake.enqueue({ status: 403, errorBody: cloudflareChallengePage });
    await ask('challenge me');
    const line = lines().find((l) => l.code === 'upstream_challenge');
    expect(line).toMatchObject({ level: 50, endpoint: 'chatGPTBrowser', challenge: 'cloudflare', upstreamStatus: 403, upstreamMessage: 'HTML page (HTTP 403): Just a moment...' });
    expect(logs.lines.join('')).not.toContain('challenge-platform');
  });

  it('logs an expired server token as the operator\'s to fix, never the token', async () => {
    fake.expire(token);
    const frames = await ask('expired');
    expect(JSON.stringify(frames.at(-1)!.data)).toContain('service_misconfigured');
    expect(lines().find((l) => l.code === 'service_misconfigured')).toMatchObject({ level: 50, endpoint: 'chatGPTBrowser', upstreamStatus: 401 });
    expect(logs.lines.join('')).not.toContain(token);
  });
});
