import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { startAnthropicFake, startGoogleFake, type FakeUpstream, type GoogleFake } from '@parley/testkit';
import { desc, eq } from 'drizzle-orm';
import { accessKeys, usageRecords } from '../db/schema.ts';
import type { TestAppParts } from './app.ts';
import type { DatabaseKind } from './databases.ts';
import { startGatewayStack, type GatewayStack } from './gateway-stack.ts';

/** Claude and Gemini models the dialect tests call by their upstream ids (each served by its fake). */
export const dialectModels = {
  claude: 'claude-sonnet-4-6',
  claude5: 'claude-opus-5',
  gemini: 'gemini-3.7-flash',
  gpt: 'gpt-4o-mini',
} as const;

/** The gateway stack with Anthropic and Google accounts on their fakes too, and a client of each SDK. */
export interface DialectStack extends GatewayStack {
  anthropic: FakeUpstream;
  google: GoogleFake;
  anthropicClient(key: string, options?: { bearer?: boolean }): Anthropic;
  geminiClient(key: string): GoogleGenAI;
  quotaOf(keyId: string): Promise<number>;
  /** The newest usage record of a key, once the recorder has written it. */
  lastRecord(keyId: string): Promise<typeof usageRecords.$inferSelect | undefined>;
}

export async function startDialectStack(kind: DatabaseKind, parts: TestAppParts = {}): Promise<DialectStack> {
  const anthropic = await startAnthropicFake({ apiKey: 'sk-ant-upstream' });
  const google = await startGoogleFake({ apiKey: 'g-upstream' });
  const gateway = await startGatewayStack(kind, {
    ANTHROPIC_API_KEY: 'sk-ant-upstream',
    ANTHROPIC_BASE_URL: `${anthropic.url}/v1`,
    ANTHROPIC_MODELS: `${dialectModels.claude},${dialectModels.claude5}`,
    ANTHROPIC_FETCH_MODELS: 'false',
    GOOGLE_API_KEY: 'g-upstream',
    GOOGLE_BASE_URL: google.url,
    GOOGLE_MODELS: dialectModels.gemini,
    GOOGLE_FETCH_MODELS: 'false',
  }, parts);
  const { db } = gateway.t.ctx;
  return {
    ...gateway,
    anthropic,
    google,
    anthropicClient: (key, options = {}) =>
      new Anthropic({ ...(options.bearer ? { authToken: key, apiKey: null } : { apiKey: key }), baseURL: gateway.t.url, maxRetries: 0 }),
    geminiClient: (key) => new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: gateway.t.url } }),
    quotaOf: async (keyId) => (await db.select().from(accessKeys).where(eq(accessKeys.id, keyId)))[0]!.quota,
    async lastRecord(keyId) {
      await gateway.t.ctx.usageRecords.flush();
      return (await db.select().from(usageRecords).where(eq(usageRecords.accessKeyId, keyId)).orderBy(desc(usageRecords.createdAt)).limit(1))[0];
    },
    async close() {
      await gateway.close();
      await anthropic.close();
      await google.close();
    },
  };
}
