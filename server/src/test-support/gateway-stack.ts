import { startOpenAIFake, type FakeUpstream } from '@parley/testkit';
import OpenAI from 'openai';
import type { TestAppParts } from './app.ts';
import { listenTestApp, type ListeningApp } from './chat-stack.ts';
import type { DatabaseKind } from './databases.ts';
import { mintKey } from './access-keys.ts';
import type { NewAccessKey } from '../services/access/access-key-store.ts';

/** Parley listening on a port, its OpenAI account on the OpenAI fake, in `both` access mode: keys and accounts. */
export interface GatewayStack {
  t: ListeningApp;
  upstream: FakeUpstream;
  /** A new access key and an `openai` client that presents it to Parley's `/v1`. */
  keyClient(input?: Partial<NewAccessKey>): Promise<{ key: string; keyId: string; client: OpenAI }>;
  client(secret: string): OpenAI;
  close(): Promise<void>;
}

export async function startGatewayStack(kind: DatabaseKind, env: Record<string, string> = {}, parts: TestAppParts = {}): Promise<GatewayStack> {
  const upstream = await startOpenAIFake({ apiKey: 'sk-upstream' });
  const t = await listenTestApp(kind, { ACCESS_MODE: 'both', OPENAI_API_KEY: 'sk-upstream', OPENAI_BASE_URL: `${upstream.url}/v1`, OPENAI_FETCH_MODELS: 'false', ...env }, parts);
  const client = (secret: string) => new OpenAI({ apiKey: secret, baseURL: `${t.url}/v1`, maxRetries: 0 });
  return {
    t,
    upstream,
    client,
    async keyClient(input = {}) {
      const { key, row } = await mintKey(t.ctx.db, { quota: 1000, ...input });
      return { key, keyId: row.id, client: client(key) };
    },
    async close() {
      await t.close();
      await upstream.close();
    },
  };
}
