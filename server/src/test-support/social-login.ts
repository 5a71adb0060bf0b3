import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createHeadlessBrowser, type BrowserResponse, type HeadlessBrowser } from '@parley/testkit';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import type { DatabaseKind } from './databases.ts';
import { createTestApp, type TestApp } from './app.ts';

/** A port the OS just handed out, so PUBLIC_URL can be known before Parley listens on it. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface RunningParley {
  url: string;
  test: TestApp;
  userByEmail(email: string): Promise<typeof users.$inferSelect | undefined>;
  close(): Promise<void>;
}

/** Parley on a real socket with PUBLIC_URL set to its own address, so provider redirects reach it. */
export async function startParley(
  kind: DatabaseKind,
  env: Record<string, string>,
  port?: number,
): Promise<RunningParley> {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  const test = await createTestApp(kind, { ALLOW_SOCIAL_LOGIN: 'true', PUBLIC_URL: url, ...env });
  await test.app.listen({ port, host: '127.0.0.1' });
  return {
    url,
    test,
    async userByEmail(email) {
      const [row] = await test.ctx.db.select().from(users).where(eq(users.email, email));
      return row;
    },
    close: () => test.close(),
  };
}

/** Stops a browser walk when Parley sends it to a page of the SPA (which these tests do not serve). */
export const atSpaPage = (parley: RunningParley) => (url: URL) =>
  url.origin === parley.url && (url.pathname === '/chat/new' || url.pathname === '/login');

/** Where Parley finally sent the browser: `/chat/new` on success, `/login?error=…` on failure. */
export function landing(parley: RunningParley, response: BrowserResponse): string {
  if (!response.location?.startsWith(parley.url)) throw new Error(`ended at ${response.url} (${response.status}): ${response.body.slice(0, 200)}`);
  return response.location.slice(parley.url.length);
}

export async function refreshWithCookie(parley: RunningParley, browser: HeadlessBrowser) {
  const token = browser.cookie('127.0.0.1', 'token');
  const response = await fetch(`${parley.url}/api/auth/refresh`, {
    method: 'POST',
    headers: token ? { cookie: `token=${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as { token?: string; user?: { id: string; email: string } } };
}

export { createHeadlessBrowser };
