import { randomUUID } from 'node:crypto';
import type { ChatMessageEvent, Message } from '@parley/core';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { DatabaseKind } from '../../test/databases.ts';
import { registerUser } from '../auth/account-service.ts';
import { signAccessToken } from '../auth/access-token.ts';

/** A test app listening on a real port, for tests that read SSE bodies over HTTP. */
export interface ListeningApp extends TestApp {
  url: string;
  signUp(): Promise<{ userId: string; token: string; headers: Record<string, string> }>;
}

export async function listenTestApp(kind: DatabaseKind, env: Record<string, string> = {}): Promise<ListeningApp> {
  const t = await createTestApp(kind, env);
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    ...t,
    url,
    async signUp() {
      const row = await registerUser(t.ctx.db, {
        name: 'Chat Tester',
        email: `chat-${randomUUID()}@example.com`,
        password: 'correct horse battery',
        confirm_password: 'correct horse battery',
      });
      const token = await signAccessToken(t.ctx.secrets.jwtSecret, row.id);
      return { userId: row.id, token, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
    },
  };
}

export interface SseFrame {
  event: string;
  id?: string;
  data: unknown;
}

/** Reads a whole SSE body into frames (comments such as `: ping` are skipped). */
export async function readSse(response: Response, onFrame?: (frame: SseFrame) => void): Promise<SseFrame[]> {
  const frames: SseFrame[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body!) {
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const frame = parseBlock(block);
      if (!frame) continue;
      frames.push(frame);
      onFrame?.(frame);
    }
  }
  return frames;
}

function parseBlock(block: string): SseFrame | undefined {
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const [field, ...rest] = line.split(':');
    const value = rest.join(':').replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return undefined;
  return { event, id, data: JSON.parse(data.join('\n')) };
}

export const messageData = (frame: SseFrame) => frame.data as ChatMessageEvent;
export const errorData = (frame: SseFrame) => frame.data as Message;

/** A response body read as the type the API documents. */
export async function json<T>(response: Response | Promise<Response>): Promise<T> {
  return (await (await response).json()) as T;
}
