import type { EndpointName } from '../endpoints/names.ts';
import type { ModelAlias, ModelCapabilities, ModelProvider, SamplingParameter, UpstreamModelInfo } from './types.ts';

/*
 * The one model catalog of Parley (issue 12). Two tables:
 *   - `upstreamModels`: the models the providers serve today, as their API references and price
 *     lists give them (checked 2026-11-23: the ChatModel list of openai@7.57, the newest on npm,
 *     which names gpt-6-luna, gpt-6-sol, gpt-6.1-sol and gpt-6.1-terra; @anthropic-ai/sdk@1.12 Model
 *     and DEPRECATED_MODELS; Anthropic's models overview with the Claude 5.5 lineup; the OpenAI /
 *     Anthropic / Gemini / xAI / DeepSeek deprecation pages). Checked again 2026-11-27 (issue 25)
 *     against openai@7.57 `ChatModel` (gpt-6-astra), @anthropic-ai/sdk@1.14 `Model` and
 *     `DEPRECATED_MODELS` (claude-fable-5-2, claude-opus-4-8; neither deprecated), @google/genai@3.3
 *     `Model` (gemini-3.8-flash, gemini-4-argon), @ai-sdk/xai's `XaiChatModelId` (grok-4.6,
 *     grok-4.7), and the providers' model pages: OpenAI's "Using GPT-6" guide (Astra takes no
 *     `none` effort, so no sampling), Anthropic's Fable 5.2 / Opus 4.8 pages (1M context, 128K
 *     out), Google's Gemini 3.8 Flash developer guide and the Gemini 4 Argon model card (1M
 *     context, 64K out, thinking levels only), xAI's Grok 4.6 / 4.7 pages (500K context).
 *     The fakes serve an independent, dated list (testkit `served-models.ts`); a test fails
 *     when this table names a model that list says is not served.
 *     The fakes' conformance tests run on
 *     openai@6.49, the last release for Node 20 (7.x needs Node 22), whose wire format is the same;
 *   - `modelAliases`: the ids of SPEC point 3, kept in the picker as the spec lists them, each one
 *     calling a currently served successor.
 * Keep it current: `catalog.test.ts` fails once a default alias points at a retired model, and
 * testkit's `retiring-models.test.ts` a month before a test, alias or document names one about to retire.
 */

const caps = (on: Partial<ModelCapabilities>): ModelCapabilities => ({
  vision: false,
  reasoning: false,
  tools: false,
  imageOutput: false,
  documents: false,
  ...on,
});

const allChat = caps({ vision: true, reasoning: true, tools: true, documents: true });
const openAISampling: readonly SamplingParameter[] = ['temperature', 'topP', 'frequencyPenalty', 'presencePenalty'];
const claudeSampling: readonly SamplingParameter[] = ['temperature', 'topP', 'topK'];
const geminiSampling: readonly SamplingParameter[] = ['temperature', 'topP', 'topK'];

function model(info: UpstreamModelInfo): UpstreamModelInfo {
  return info;
}

/** GPT-6 family: 1.05M context (922K in), 128K out, reasoning effort none…max, sampling only with effort none. */
const gpt6 = (id: string, label: string, prompt: number, completion: number, samplingAllowed: boolean): UpstreamModelInfo =>
  model({
    id,
    provider: 'openai',
    label,
    api: 'chat',
    contextWindow: 1_050_000,
    maxOutput: 128_000,
    capabilities: allChat,
    sampling: samplingAllowed ? ['temperature', 'topP'] : [],
    samplingOnlyWithoutReasoning: samplingAllowed,
    rates: { prompt, completion },
  });

const gpt4Era = (id: string, label: string, context: number, out: number, prompt: number, completion: number): UpstreamModelInfo =>
  model({
    id,
    provider: 'openai',
    label,
    api: 'chat',
    contextWindow: context,
    maxOutput: out,
    capabilities: caps({ vision: true, tools: true, documents: true }),
    sampling: openAISampling,
    rates: { prompt, completion },
    retires: '2027-01-14',
  });

const gpt5Era = (id: string, label: string, prompt: number, completion: number, retires: string): UpstreamModelInfo =>
  model({
    id,
    provider: 'openai',
    label,
    api: 'chat',
    contextWindow: 400_000,
    maxOutput: 128_000,
    capabilities: allChat,
    sampling: [],
    rates: { prompt, completion },
    retires,
  });

const gptImage = (id: string, label: string): UpstreamModelInfo =>
  model({
    id,
    provider: 'openai',
    label,
    api: 'image',
    contextWindow: 32_000,
    maxOutput: 0,
    capabilities: caps({ vision: true, imageOutput: true }),
    sampling: [],
    // Text input and image output tokens, USD per 1M.
    rates: { prompt: 5, completion: 30 },
  });

const claude = (
  id: string,
  label: string,
  out: number,
  prompt: number,
  completion: number,
  retires?: string,
): UpstreamModelInfo =>
  model({
    id,
    provider: 'anthropic',
    label,
    api: 'chat',
    contextWindow: 200_000,
    maxOutput: out,
    capabilities: allChat,
    sampling: claudeSampling,
    // Claude 4.5 and later answer 400 when temperature and top_p come together.
    exclusiveSampling: ['temperature', 'topP'],
    claudeThinking: 'budget',
    rates: { prompt, completion },
    ...(retires ? { retires } : {}),
  });

/**
 * Claude 5 generation (and Opus 4.7 on): 1M context, 128K out, adaptive thinking, and a 400 for
 * any temperature, top_p or top_k (or for manual thinking budgets).
 */
const claude5 = (
  id: string,
  label: string,
  prompt: number,
  completion: number,
  claudeThinking: 'adaptive' | 'always',
): UpstreamModelInfo =>
  model({
    id,
    provider: 'anthropic',
    label,
    api: 'chat',
    contextWindow: 1_000_000,
    maxOutput: 128_000,
    capabilities: allChat,
    sampling: [],
    claudeThinking,
    rates: { prompt, completion },
  });

const gemini = (id: string, label: string, prompt: number, completion: number, retires?: string): UpstreamModelInfo =>
  model({
    id,
    provider: 'google',
    label,
    api: 'chat',
    contextWindow: 1_048_576,
    maxOutput: 65_536,
    capabilities: allChat,
    sampling: geminiSampling,
    rates: { prompt, completion },
    ...(retires ? { retires } : {}),
  });

const grok = (id: string, label: string, context: number, prompt: number, completion: number): UpstreamModelInfo =>
  model({
    id,
    provider: 'xai',
    label,
    api: 'chat',
    contextWindow: context,
    maxOutput: 128_000,
    capabilities: caps({ vision: true, reasoning: true, tools: true }),
    // xAI reasoning models refuse presence/frequency penalties and stop.
    sampling: ['temperature', 'topP'],
    rates: { prompt, completion },
  });

const deepseek = (id: string, label: string, prompt: number, completion: number, retires?: string): UpstreamModelInfo =>
  model({
    id,
    provider: 'deepseek',
    label,
    api: 'chat',
    contextWindow: retires ? 128_000 : 1_048_576,
    maxOutput: retires ? 8_192 : 384_000,
    capabilities: caps({ reasoning: true, tools: true }),
    sampling: ['temperature', 'topP', 'frequencyPenalty', 'presencePenalty'],
    rates: { prompt, completion },
    ...(retires ? { retires } : {}),
  });

const upstreamList: readonly UpstreamModelInfo[] = [
  // OpenAI — GPT-6 generation (no shutdown announced).
  gpt6('gpt-6-luna', 'GPT-6 Luna', 0.1, 0.5, true),
  gpt6('gpt-6-sol', 'GPT-6 Sol', 2, 10, true),
  gpt6('gpt-6.1-terra', 'GPT-6.1 Terra', 1, 5, true),
  gpt6('gpt-6.1-sol', 'GPT-6.1 Sol', 2, 10, false),
  // Astra refuses `reasoning_effort: none`, so it never takes temperature or top_p.
  gpt6('gpt-6-astra', 'GPT-6 Astra', 10, 50, false),
  // OpenAI — still served, shutdown announced.
  gpt5Era('gpt-5.1', 'GPT-5.1', 1.25, 10, '2027-04-01'),
  gpt5Era('gpt-5', 'GPT-5', 1.25, 10, '2026-12-11'),
  gpt5Era('gpt-5-mini', 'GPT-5 mini', 0.25, 2, '2026-12-11'),
  gpt5Era('o3', 'o3', 2, 8, '2026-12-11'),
  gpt4Era('gpt-4.1', 'GPT-4.1', 1_047_576, 32_768, 2, 8),
  gpt4Era('gpt-4.1-mini', 'GPT-4.1 mini', 1_047_576, 32_768, 0.4, 1.6),
  gpt4Era('gpt-4o', 'GPT-4o', 128_000, 16_384, 2.5, 10),
  gpt4Era('gpt-4o-mini', 'GPT-4o mini', 128_000, 16_384, 0.15, 0.6),
  // OpenAI — shut down 2026-10-23; listed so an alias pointing at them fails the catalog test.
  { ...gpt5Era('o3-mini', 'o3-mini', 1.1, 4.4, '2026-10-23'), contextWindow: 200_000, maxOutput: 100_000 },
  { ...gpt4Era('gpt-3.5-turbo', 'GPT-3.5 Turbo', 16_385, 4_096, 0.5, 1.5), retires: '2026-10-23' },
  { ...gpt4Era('gpt-4', 'GPT-4', 8_192, 8_192, 30, 60), retires: '2026-10-23' },
  { ...gptImage('gpt-image-1', 'GPT Image 1'), retires: '2026-10-23' },
  // OpenAI images: Flare is the fast variant, Sunburst the detailed one (Images 2.6, 2026-11-04).
  gptImage('gpt-image-2.6-flare', 'GPT Image 2.6 Flare'),
  gptImage('gpt-image-2.6-sunburst', 'GPT Image 2.6 Sunburst'),

  // Anthropic — the current lineup (Haiku 5.5 is billed from $0.10 / $0.50, its lowest tier).
  claude5('claude-haiku-5-5', 'Claude Haiku 5.5', 0.1, 0.5, 'adaptive'),
  claude5('claude-sonnet-5-5', 'Claude Sonnet 5.5', 2, 10, 'always'),
  claude5('claude-opus-5-5', 'Claude Opus 5.5', 4, 20, 'always'),
  claude5('claude-fable-5-2', 'Claude Fable 5.2', 10, 50, 'always'),
  claude5('claude-fable-5-1', 'Claude Fable 5.1', 10, 50, 'always'),
  // Anthropic — legacy, still served.
  claude5('claude-sonnet-5', 'Claude Sonnet 5', 2, 10, 'adaptive'),
  claude5('claude-opus-5', 'Claude Opus 5', 5, 25, 'adaptive'),
  claude5('claude-opus-4-8', 'Claude Opus 4.8', 5, 25, 'adaptive'),
  claude('claude-haiku-4-5', 'Claude Haiku 4.5', 64_000, 1, 5),
  claude('claude-sonnet-4-6', 'Claude Sonnet 4.6', 64_000, 3, 15),
  claude('claude-opus-4-6', 'Claude Opus 4.6', 128_000, 5, 25),
  claude('claude-sonnet-4-5', 'Claude Sonnet 4.5', 64_000, 3, 15, '2026-11-30'),
  claude('claude-3-5-haiku-20241022', 'Claude Haiku 3.5', 8_192, 0.8, 4, '2026-02-19'),

  // Google Gemini API (and Vertex AI with a service account).
  gemini('gemini-4-argon', 'Gemini 4 Argon', 2, 10),
  gemini('gemini-3.8-flash', 'Gemini 3.8 Flash', 0.75, 3.75),
  gemini('gemini-3.7-flash', 'Gemini 3.7 Flash', 1.5, 7.5),
  gemini('gemini-3.5-flash-lite', 'Gemini 3.5 Flash-Lite', 0.3, 2.5),
  gemini('gemini-2.5-flash-lite', 'Gemini 2.5 Flash-Lite', 0.1, 0.4),
  gemini('gemini-2.5-flash', 'Gemini 2.5 Flash', 0.3, 2.5, '2026-12-01'),
  gemini('gemini-2.5-pro', 'Gemini 2.5 Pro', 1.25, 10, '2026-12-01'),

  // xAI.
  grok('grok-4.3', 'Grok 4.3', 1_000_000, 1.25, 2.5),
  grok('grok-4.5', 'Grok 4.5', 500_000, 2, 6),
  grok('grok-4.6', 'Grok 4.6', 500_000, 2, 6),
  grok('grok-4.7', 'Grok 4.7', 500_000, 2, 6),
  { ...grok('grok-3', 'Grok 3', 131_072, 3, 15), retires: '2026-05-15' },
  { ...grok('grok-3-mini', 'Grok 3 Mini', 131_072, 0.3, 0.5), retires: '2026-05-15' },
  model({
    id: 'grok-imagine-image-2.0',
    provider: 'xai',
    label: 'Grok Imagine Image 2.0',
    api: 'image',
    contextWindow: 8_000,
    maxOutput: 0,
    capabilities: caps({ vision: true, imageOutput: true }),
    sampling: [],
    // Priced per picture ($0.055), not per token.
    rates: { prompt: 0, completion: 0 },
  }),

  // DeepSeek: V4 with thinking on or off per request; the V3-era names were retired on 2026-07-24.
  deepseek('deepseek-v4-flash', 'DeepSeek V4 Flash', 0.14, 0.28),
  deepseek('deepseek-v4-pro', 'DeepSeek V4 Pro', 0.435, 0.87),
  deepseek('deepseek-reasoner', 'DeepSeek Reasoner (R1)', 0.55, 2.19, '2026-07-24'),
  deepseek('deepseek-chat', 'DeepSeek Chat (V3)', 0.27, 1.1, '2026-07-24'),
];

/** Every model the catalog knows, by upstream id. */
export const upstreamModels: ReadonlyMap<string, UpstreamModelInfo> = new Map(upstreamList.map((m) => [m.id, m]));

/** The small text model each provider writes conversation titles with (never an image model). */
export const titleModels: Readonly<Record<ModelProvider, string>> = {
  openai: 'gpt-6-luna',
  anthropic: 'claude-haiku-5-5',
  google: 'gemini-3.5-flash-lite',
  xai: 'grok-4.3',
  deepseek: 'deepseek-v4-flash',
};

/** Which provider's API answers an endpoint; null for endpoints that talk to a product's own back end (bingAI, chatGPTBrowser). */
export const endpointProviders: Readonly<Record<EndpointName, ModelProvider | null>> = {
  openAI: 'openai',
  azureOpenAI: 'openai',
  gptPlugins: 'openai',
  anthropic: 'anthropic',
  google: 'google',
  grok: 'xai',
  deepSeek: 'deepseek',
  bingAI: null,
  chatGPTBrowser: null,
};

const openAIFamily: readonly EndpointName[] = ['openAI', 'azureOpenAI', 'gptPlugins'];

const alias = (id: string, upstream: string, rest: Partial<ModelAlias> = {}): ModelAlias => ({
  alias: id,
  endpoints: openAIFamily,
  upstream,
  cost: null,
  ...rest,
});

const labelled = (labelKey: string, label: string, cost: number | null, extra: Partial<ModelAlias> = {}): Partial<ModelAlias> => ({
  labelKey,
  label,
  cost,
  ...extra,
});

const anthropicOnly = { endpoints: ['anthropic'] } as const;
const googleOnly = { endpoints: ['google'] } as const;
const grokOnly = { endpoints: ['grok'] } as const;

/**
 * The spec's ids, in the order of SPEC point 3's default lists, each with the model that answers.
 * Chosen successors: the provider's recommended replacement of the same tier where one is named,
 * else the current model of that tier.
 */
export const modelAliases: readonly ModelAlias[] = [
  // OpenAI family (openAI, azureOpenAI, gptPlugins).
  alias('gpt-3.5-turbo', 'gpt-6-luna'),
  alias('gpt-3.5-turbo-16k', 'gpt-6-luna'),
  alias('gpt-3.5-turbo-0301', 'gpt-6-luna'),
  alias('gpt-3.5-turbo-1106', 'gpt-6-luna'),
  alias('gpt-3.5-turbo-0125', 'gpt-6-luna'),
  alias('text-davinci-003', 'gpt-6-luna'),
  alias('gpt-4', 'gpt-6.1-sol', labelled('models.label.smart', 'smart', null)),
  alias('gpt-4-0314', 'gpt-6.1-sol'),
  alias('gpt-4-0613', 'gpt-6.1-sol'),
  alias('gpt-4-1106-preview', 'gpt-6.1-sol'),
  alias('gpt-4-0125-preview', 'gpt-6.1-sol'),
  alias('gpt-4o', 'gpt-6.1-terra', labelled('models.label.allRound', 'all-round', 10)),
  alias('gpt-4o-image', 'gpt-image-2.6-flare', labelled('models.label.drawing', 'drawing', 10)),
  alias('gpt-4o-mini', 'gpt-6-luna', labelled('models.label.entryLevel', 'entry level', 1)),
  alias('gpt-o1', 'gpt-6.1-sol', { options: { reasoningEffort: 'high' } }),
  alias('gpt-o3', 'gpt-6.1-sol', { options: { reasoningEffort: 'high' } }),
  alias(
    'gpt-o3-mini',
    'gpt-6.1-terra',
    labelled('models.label.reasoningBeta', 'reasoning, beta, 30 uses per day', 10, { perDay: 30, options: { reasoningEffort: 'medium' } }),
  ),
  // Google: the PaLM 2 ids answer through Gemini.
  alias('chat-bison', 'gemini-3.7-flash', googleOnly),
  alias('text-bison', 'gemini-3.5-flash-lite', googleOnly),
  alias('codechat-bison', 'gemini-3.7-flash', googleOnly),
  // Anthropic: Claude 1 / Instant → Haiku tier, Claude 2 → Sonnet tier.
  alias('claude-1', 'claude-haiku-5-5', anthropicOnly),
  alias('claude-1-100k', 'claude-haiku-5-5', anthropicOnly),
  alias('claude-instant-1', 'claude-haiku-5-5', anthropicOnly),
  alias('claude-instant-1-100k', 'claude-haiku-5-5', anthropicOnly),
  alias('claude-2', 'claude-sonnet-5-5', anthropicOnly),
  // DeepSeek: R1's successor is V4 Flash with thinking on (what `deepseek-reasoner` used to call).
  alias('deepseek-r1', 'deepseek-v4-flash', {
    endpoints: ['deepSeek'],
    options: { thinking: true },
    ...labelled('models.label.reasoning', 'reasoning', 1),
  }),
  // xAI: grok-3 was retired on 2026-05-15; grok-4.3 is xAI's named replacement.
  alias('grok-3', 'grok-4.3', { ...grokOnly, ...labelled('models.label.base', 'base', null) }),
  alias('grok-3-deepsearch', 'grok-4.3', { ...grokOnly, ...labelled('models.label.deepSearch', 'deep search', 10), options: { liveSearch: true } }),
  alias('grok-3-reasoning', 'grok-4.3', {
    ...grokOnly,
    ...labelled('models.label.reasoning', 'reasoning', 10),
    options: { reasoningEffort: 'high' },
  }),
  alias('grok-3-imageGen', 'grok-imagine-image-2.0', {
    ...grokOnly,
    ...labelled('models.label.imageGen', 'image generation and editing', 10, { displayName: 'grok-3-image' }),
  }),
  // Retired upstream ids still found in operators' X_MODELS and API callers' requests: they call
  // the provider's named successor instead of failing, and stay out of the default lists.
  alias('deepseek-chat', 'deepseek-v4-flash', { endpoints: ['deepSeek'], options: { thinking: false }, retiredId: true }),
  alias('deepseek-reasoner', 'deepseek-v4-flash', { endpoints: ['deepSeek'], options: { thinking: true }, retiredId: true }),
  alias('grok-2', 'grok-4.3', { ...grokOnly, retiredId: true }),
];
