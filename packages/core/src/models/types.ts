import type { EndpointName } from '../endpoints/names.ts';

/** The company whose API answers; several endpoints can share one (openAI, azureOpenAI, gptPlugins). */
export type ModelProvider = 'openai' | 'anthropic' | 'google' | 'xai' | 'deepseek';

/** Which upstream API a model is called through. */
export type ModelApi = 'chat' | 'image';

export interface ModelCapabilities {
  /** Accepts images in the prompt. */
  vision: boolean;
  /** Thinks before answering (reasoning tokens, thinking blocks). */
  reasoning: boolean;
  /** Function / tool calling. */
  tools: boolean;
  /** Answers with pictures. */
  imageOutput: boolean;
  /** Accepts documents (PDF and other files) in the prompt. */
  documents: boolean;
}

/** Parley's names of the sampling parameters (the settings panel keys, normalised). */
export type SamplingParameter = 'temperature' | 'topP' | 'topK' | 'frequencyPenalty' | 'presencePenalty';

/** US dollars per one million tokens, as the provider's price list gives them (LibreChat token balance). */
export interface TokenRates {
  prompt: number;
  completion: number;
}

/** One model as the provider serves it today. */
export interface UpstreamModelInfo {
  /** The id sent in the request's `model` field. */
  id: string;
  provider: ModelProvider;
  /** Product name, e.g. "Claude Haiku 4.5". */
  label: string;
  api: ModelApi;
  /** Tokens of prompt plus answer the model can hold. */
  contextWindow: number;
  /** Most tokens one answer may have. */
  maxOutput: number;
  capabilities: ModelCapabilities;
  /** Sampling parameters the API accepts for this model; any other is left out of the request. */
  sampling: readonly SamplingParameter[];
  /** Parameters the API refuses together (e.g. Anthropic's temperature with top_p); the first one wins. */
  exclusiveSampling?: readonly SamplingParameter[];
  /**
   * `temperature`/`top_p` only take effect when reasoning is off (OpenAI GPT-6 family with
   * `reasoning_effort: none`): with any other effort they must not be sent.
   */
  samplingOnlyWithoutReasoning?: boolean;
  /**
   * How a Claude model thinks: `budget` (extended thinking with `budget_tokens`), `adaptive`
   * (the model decides how much; a budget is refused, thinking may be switched off) or `always`
   * (adaptive and cannot be switched off). Claude 5 and later are adaptive and take no sampling.
   */
  claudeThinking?: 'budget' | 'adaptive' | 'always';
  rates: TokenRates;
  /** Announced shutdown day (UTC, `YYYY-MM-DD`); requests fail from that day on. */
  retires?: string;
}

export type ReasoningEffort = 'low' | 'medium' | 'high';

/** Extra request options a product id carries on top of its upstream model. */
export interface AliasOptions {
  /** xAI search tool forced on (the deep-search product). */
  liveSearch?: boolean;
  reasoningEffort?: ReasoningEffort;
  /** Provider-side thinking switched on (DeepSeek V4 `thinking: enabled`, Claude extended thinking). */
  thinking?: boolean;
}

/** One id Parley shows in the picker: a spec id kept for its users, called as a current upstream model. */
export interface ModelAlias {
  alias: string;
  /** The endpoints whose default list offers it. */
  endpoints: readonly EndpointName[];
  /** The id of the current model that answers (a key of the upstream catalog). */
  upstream: string;
  options?: AliasOptions;
  /** Picker label (SPEC point 3 model table) as an i18n key and its English text. */
  labelKey?: string;
  label?: string;
  /** Quota charged per call; null where the spec lists no price. */
  cost: number | null;
  /** Calls allowed per day, when rationed. */
  perDay?: number;
  /** The name the picker shows when it differs from the id. */
  displayName?: string;
  /** An id the provider retired, kept so old configs still reach its successor; never in a default list. */
  retiredId?: boolean;
}

/** What an endpoint's model id resolves to for one call. */
export interface ResolvedModel {
  /** The id the user picked and the message keeps. */
  alias: string;
  /** The id sent upstream. */
  upstreamId: string;
  /** Catalog data of the upstream model, when the catalog knows it (live-listed ids may be unknown). */
  info: UpstreamModelInfo | undefined;
  api: ModelApi;
  options: AliasOptions;
}

/** Operator overrides of one endpoint: `X_MODEL_ALIASES=alias=upstream,...`. */
export type AliasOverrides = Readonly<Record<string, string>>;
