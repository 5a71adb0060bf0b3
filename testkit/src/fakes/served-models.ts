/*
 * What each real service serves, as its own model list and pages said on 2026-11-27: the fakes
 * answer with this list, never with Parley's catalog (`packages/core`), so a catalog entry for a
 * model no provider serves (a typo, a guess, a retired id) fails `served-models.test.ts` instead
 * of passing against a fake that learned the mistake from the catalog.
 *
 * Sources (read 2026-11-27):
 *   OpenAI    — `ChatModel` of openai@7.57.0 (gpt-6-astra … gpt-4o-mini); developers.openai.com
 *               "Using GPT-6" and /docs/deprecations (GPT-5, GPT-5 mini, o3 shut down 2026-12-11,
 *               GPT-5.1 2027-04-01, GPT-4.1 / 4o family 2027-01-14; o3-mini, gpt-3.5-turbo,
 *               gpt-4, gpt-image-1 shut down 2026-10-23); Images 2.6 launch page (Flare, Sunburst).
 *   Anthropic — `Model` and `DEPRECATED_MODELS` of @anthropic-ai/sdk@1.14.0; platform.claude.com
 *               models overview, Fable 5.2 / Opus 4.8 pages, model-deprecations (Sonnet 4.5
 *               retires 2026-11-30, Haiku 3.5 retired 2026-02-19).
 *   Google    — `Model` of @google/genai@3.3.0; ai.google.dev models and pricing pages, the
 *               Gemini 3.8 Flash developer guide, the Gemini 4 Argon model card; Gemini 2.5
 *               Flash / Pro shut down 2026-12-01.
 *   xAI       — `XaiChatModelId` of @ai-sdk/xai; docs.x.ai models page, the 2026-05-15
 *               retirement guide (grok-3, grok-3-mini retired).
 *   DeepSeek  — api-docs.deepseek.com models and pricing (V4 Flash / Pro; deepseek-chat and
 *               deepseek-reasoner retired 2026-07-24).
 * Context windows are the input limits those pages give; the fakes refuse a longer prompt with
 * the provider's own error body.
 */

export type ServiceName = 'openai' | 'anthropic' | 'google' | 'xai' | 'deepseek';

export interface ServedModel {
  id: string;
  /** Tokens of prompt the service accepts before it answers "context too long". */
  contextWindow: number;
  /** The announced shutdown day (UTC `YYYY-MM-DD`); from that day on the service refuses the id. */
  shutdownDate?: string;
}

/** The day this list was read from the sources above. */
export const servedModelsCheckedOn = '2026-11-27';

const m = (id: string, contextWindow: number, shutdownDate?: string): ServedModel => ({ id, contextWindow, ...(shutdownDate ? { shutdownDate } : {}) });

export const servedModels: Readonly<Record<ServiceName, readonly ServedModel[]>> = {
  openai: [
    m('gpt-6-astra', 1_050_000),
    m('gpt-6.1-sol', 1_050_000),
    m('gpt-6.1-terra', 1_050_000),
    m('gpt-6-sol', 1_050_000),
    m('gpt-6-luna', 1_050_000),
    m('gpt-5.1', 400_000, '2027-04-01'),
    m('gpt-5', 400_000, '2026-12-11'),
    m('gpt-5-mini', 400_000, '2026-12-11'),
    m('o3', 200_000, '2026-12-11'),
    m('gpt-4.1', 1_047_576, '2027-01-14'),
    m('gpt-4.1-mini', 1_047_576, '2027-01-14'),
    m('gpt-4o', 128_000, '2027-01-14'),
    m('gpt-4o-mini', 128_000, '2027-01-14'),
    m('o3-mini', 200_000, '2026-10-23'),
    m('gpt-3.5-turbo', 16_385, '2026-10-23'),
    m('gpt-4', 8_192, '2026-10-23'),
    m('gpt-image-1', 32_000, '2026-10-23'),
    m('gpt-image-2.6-flare', 32_000),
    m('gpt-image-2.6-sunburst', 32_000),
  ],
  anthropic: [
    m('claude-fable-5-2', 1_000_000),
    m('claude-haiku-5-5', 1_000_000),
    m('claude-sonnet-5-5', 1_000_000),
    m('claude-opus-5-5', 1_000_000),
    m('claude-fable-5-1', 1_000_000),
    m('claude-sonnet-5', 1_000_000),
    m('claude-opus-5', 1_000_000),
    m('claude-opus-4-8', 1_000_000),
    m('claude-opus-4-6', 200_000),
    m('claude-sonnet-4-6', 200_000),
    m('claude-haiku-4-5', 200_000),
    m('claude-sonnet-4-5', 200_000, '2026-11-30'),
    m('claude-3-5-haiku-20241022', 200_000, '2026-02-19'),
  ],
  google: [
    m('gemini-4-argon', 1_048_576),
    m('gemini-3.8-flash', 1_048_576),
    m('gemini-3.7-flash', 1_048_576),
    m('gemini-3.5-flash-lite', 1_048_576),
    m('gemini-2.5-flash-lite', 1_048_576),
    m('gemini-2.5-flash', 1_048_576, '2026-12-01'),
    m('gemini-2.5-pro', 1_048_576, '2026-12-01'),
  ],
  xai: [
    m('grok-4.7', 500_000),
    m('grok-4.6', 500_000),
    m('grok-4.5', 500_000),
    m('grok-4.3', 1_000_000),
    m('grok-imagine-image-2.0', 8_000),
    m('grok-3', 131_072, '2026-05-15'),
    m('grok-3-mini', 131_072, '2026-05-15'),
  ],
  deepseek: [
    m('deepseek-v4-flash', 1_048_576),
    m('deepseek-v4-pro', 1_048_576),
    m('deepseek-chat', 128_000, '2026-07-24'),
    m('deepseek-reasoner', 128_000, '2026-07-24'),
  ],
};

/** An embedding model as the service serves it: its default vector length, whether `dimensions` may shorten it, its input cap. */
export interface ServedEmbeddingModel {
  id: string;
  dimensions: number;
  shortens: boolean;
  maxInputTokens: number;
}

/** OpenAI's embedding models (platform.openai.com embeddings guide and models pages, read 2026-11-27). */
const servedEmbeddingModels: readonly ServedEmbeddingModel[] = [
  { id: 'text-embedding-3-small', dimensions: 1536, shortens: true, maxInputTokens: 8192 },
  { id: 'text-embedding-3-large', dimensions: 3072, shortens: true, maxInputTokens: 8192 },
  { id: 'text-embedding-ada-002', dimensions: 1536, shortens: false, maxInputTokens: 8192 },
];

export function servedEmbeddingModel(id: string): ServedEmbeddingModel | undefined {
  return servedEmbeddingModels.find((model) => model.id === id);
}

const isShutDown = (model: ServedModel, now: Date) => model.shutdownDate !== undefined && model.shutdownDate <= now.toISOString().slice(0, 10);

/** The entries a service still answers to on `now`'s day. */
export function servedOn(service: ServiceName, now: Date = new Date()): ServedModel[] {
  return servedModels[service].filter((model) => !isShutDown(model, now));
}

/** The served entry of `id` on any service, shut down or not. */
export function servedModel(id: string): ServedModel | undefined {
  for (const list of Object.values(servedModels)) {
    const found = list.find((model) => model.id === id);
    if (found) return found;
  }
  return undefined;
}
