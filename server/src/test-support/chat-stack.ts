import { randomUUID } from 'node:crypto';
import { readSse as readSseEvents, type DeltaEvent, type FinalEvent } from '@parley/core';
import { startOpenAIFake } from '@parley/testkit';
import { vi } from 'vitest';
import { createTestApp, type TestApp, type TestAppParts } from './app.ts';
import type { DatabaseKind } from './databases.ts';
import { registerUser } from '../services/auth/account-service.ts';
import { signAccessToken } from '../services/auth/access-token.ts';

/** A test app listening on a real port, for tests that read SSE bodies over HTTP. */
export interface ListeningApp extends TestApp {
  url: string;
  signUp(): Promise<{ userId: string; token: string; headers: Record<string, string> }>;
}

export async function listenTestApp(kind: DatabaseKind, env: Record<string, string> = {}, parts: TestAppParts = {}): Promise<ListeningApp> {
  const t = await createTestApp(kind, env, parts);
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    ...t,
    url,
    async signUp() {
      const row = await registerUser(t.ctx, {
        name: 'Chat Tester',
        email: `chat-${randomUUID()}@example.com`,
        password: 'correct horse battery',
        confirm_password: 'correct horse battery',
      });
      const token = await signAccessToken(t.ctx.secrets.jwtSecret, row);
      return { userId: row.id, token, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
    },
  };
}

export interface SseFrame {
  event: string;
  id: string | null;
  data: unknown;
}

/** Reads a whole SSE body into frames, their data parsed as JSON (comments such as `: ping` are skipped). */
export async function readSse(response: Response, onFrame?: (frame: SseFrame) => void): Promise<SseFrame[]> {
  const frames: SseFrame[] = [];
  for await (const { event, id, data } of readSseEvents(response.body! as AsyncIterable<Uint8Array>)) {
    const frame = { event, id, data: JSON.parse(data) as unknown };
    frames.push(frame);
    onFrame?.(frame);
  }
  return frames;
}

/** Reads an SSE body in the background so a test can act mid-stream (abort, disconnect). */
export function collectSse(response: Response) {
  const frames: SseFrame[] = [];
  const done = readSse(response, (frame) => frames.push(frame));
  return {
    frames,
    done,
    until(check: (frames: SseFrame[]) => boolean, timeoutMs = 5000) {
      return vi.waitFor(
        () => {
          if (!check(frames)) throw new Error(`SSE condition not met; got ${JSON.stringify(frames)}`);
        },
        { timeout: timeoutMs, interval: 10 },
      );
    },
  };
}

/** A response body read as the type the API documents. */
export async function json<T>(response: Response | Promise<Response>): Promise<T> {
  return (await (await response).json()) as T;
}

/**
 * Waits (bounded) until a new conversation has its title, generated after `final` or fallen back
 * to, so the title call has taken its upstream reply before a test scripts the next one.
 */
export async function waitForTitle(url: string, who: { headers: Record<string, string> }, conversationId: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const { title } = await json<{ title?: string }>(fetch(`${url}/api/convos/${conversationId}`, { headers: who.headers }));
      if (!title || title === 'New Chat') throw new Error(`conversation ${conversationId} was never named`);
    },
    { timeout: 8000, interval: 25 },
  );
}

/** An app wired to a fake OpenAI upstream (key `sk-test`), plus helpers to ask and read. */
export async function startChatStack(kind: DatabaseKind, env: Record<string, string> = {}, parts: TestAppParts = {}) {
  const upstream = await startOpenAIFake();
  // The fake stands in for api.openai.com, so reasoning models take its Responses API.
  const t = await listenTestApp(kind, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${upstream.url}/v1`, OPENAI_API: 'responses', ...env }, parts);
  // The live model lists an ask is checked against are fetched now, as a running server has them, so a test's upstream requests are its own.
  await t.ctx.models.all();
  const post = (who: { headers: Record<string, string> }, path: string, body: unknown, signal?: AbortSignal) =>
    fetch(`${t.url}${path}`, { method: 'POST', headers: who.headers, body: JSON.stringify(body), signal });
  const get = (who: { headers: Record<string, string> }, path: string) => fetch(`${t.url}${path}`, { headers: who.headers });
  const titled = (who: { headers: Record<string, string> }, conversationId: string) => waitForTitle(t.url, who, conversationId);
  return {
    t,
    upstream,
    post,
    /**
     * Sends an ask to openAI and reads the whole stream; for a first message it then waits for
     * the title written after `final`, so that call's upstream request belongs to this ask.
     */
    async ask(who: { headers: Record<string, string> }, body: Record<string, unknown>, path = '/api/ask/openAI') {
      const response = await post(who, path, { endpoint: 'openAI', model: 'gpt-4o', conversationId: null, ...body });
      const frames = response.ok ? await readSse(response) : [];
      const final = frames.at(-1)?.data as Partial<FinalEvent> | undefined;
      if (final?.final && !final.title && final.conversation?.title === 'New Chat') {
        // A visitor's identity arrives with this answer's cookie; the title is read as that visitor.
        const cookie = response.headers.get('set-cookie')?.split(';')[0];
        await titled(cookie ? { headers: { ...who.headers, cookie } } : who, final.conversation.conversationId);
      }
      return { response, frames };
    },
    get,
    titled,
    async close() {
      await t.close();
      await upstream.close();
    },
  };
}

export type ChatStack = Awaited<ReturnType<typeof startChatStack>>;

/** The final event of a finished stream: its last frame, or the one before a new conversation's title. */
export function finalOf(frames: SseFrame[]): FinalEvent {
  const final = frames.slice(-2).findLast((frame) => frame.event === 'message' && (frame.data as FinalEvent).final);
  if (!final) throw new Error(`no final event: ${JSON.stringify(frames)}`);
  return final.data as FinalEvent;
}

export const deltasOf = (frames: SseFrame[]) => frames.map((f) => f.data as DeltaEvent).filter((d) => d.message === true && 'seq' in d);
