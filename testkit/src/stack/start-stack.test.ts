import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defaultModelFor, defaultModels, ROOT_PARENT_ID, type EndpointName } from '@parley/core';
import { describe, expect, it, vi } from 'vitest';
import { freePort } from './free-port.ts';
import { repoRoot } from './parley-process.ts';
import { startStack } from './start-stack.ts';

const quiet = { write: () => true } as unknown as NodeJS.WritableStream;

async function isUp(url: string): Promise<boolean> {
  return fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
    (r) => r.ok,
    () => false,
  );
}

/** Polls `check` until it holds; false when it never did within `timeoutMs`. */
async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  return vi.waitFor(async () => expect(await check()).toBe(true), { timeout: timeoutMs, interval: 200 }).then(
    () => true,
    () => false,
  );
}

async function ask(url: string, token: string, endpoint: EndpointName): Promise<string> {
  const response = await fetch(`${url}/api/ask/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      text: 'hello',
      conversationId: null,
      parentMessageId: ROOT_PARENT_ID,
      endpoint,
      // As the web picks it: the endpoint's default when its list has it, else the list's first.
      model: defaultModelFor(endpoint, defaultModels[endpoint]),
    }),
  });
  return response.text();
}

describe('startStack', () => {
  it('runs Parley wired to the peers (mail, social login, every provider fake) and leaves nothing behind when stopped', { timeout: 90_000 }, async () => {
    const stack = await startStack({ port: await freePort(), env: { APP_TITLE: 'Stack Test' }, output: quiet });
    try {
      const config = (await (await fetch(`${stack.url}/api/config`)).json()) as Record<string, unknown>;
      expect(config).toMatchObject({
        appTitle: 'Stack Test',
        emailEnabled: true,
        openidLoginEnabled: true,
        githubLoginEnabled: true,
        serverDomain: stack.url,
      });
      expect((await fetch(`${stack.controlUrl}/health`)).status).toBe(200);

      const registered = await fetch(`${stack.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Stack Tester', email: 'stack@example.com', password: 'stack-pass', confirm_password: 'stack-pass' }),
      });
      const { token } = (await registered.json()) as { token: string };
      for (const fake of stack.peers.fakes.values()) {
        fake.enqueue({ chunks: [`scripted by the ${fake.name} fake`] });
        const events = await ask(stack.url, token, fake.endpoint);
        expect(events, fake.name).toContain(`"delta":"scripted by the ${fake.name} fake"`);
        expect(fake.requests().some((r) => r.body !== undefined && JSON.stringify(r.body).includes('hello')), fake.name).toBe(true);
      }
    } finally {
      await stack.stop();
    }
    expect(await isUp(stack.url)).toBe(false);
    expect(existsSync(stack.dataDir)).toBe(false);
    await expect(fetch(`${stack.controlUrl}/health`)).rejects.toThrow();
  });

  it('takes Parley down when the stack process is killed outright', { timeout: 150_000 }, async () => {
    const port = await freePort();
    const cli = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'testkit/src/stack/cli.ts'), '--port', String(port)],
      { cwd: repoRoot, stdio: 'ignore' },
    );
    try {
      expect(await waitUntil(() => isUp(`http://127.0.0.1:${port}`), 120_000)).toBe(true);
    } finally {
      cli.kill('SIGKILL');
    }
    expect(await waitUntil(async () => !(await isUp(`http://127.0.0.1:${port}`)), 15_000)).toBe(true);
  });
});
