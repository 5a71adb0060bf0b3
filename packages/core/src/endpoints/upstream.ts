import { resolveModel } from '../models/lookup.ts';
import type { AliasOverrides } from '../models/types.ts';
import type { EndpointName } from './names.ts';

/**
 * How one of our model ids is called upstream: the catalog's (or the operator's) upstream id,
 * through Chat Completions / the provider's own chat API, or through its images API.
 */
export type UpstreamModel =
  | {
      api: 'chat';
      id: string;
      /** xAI search tool, forced on for the deep-search product. */
      liveSearch?: boolean;
      reasoningEffort?: 'low' | 'medium' | 'high';
      /** Provider-side thinking switched on (DeepSeek V4 thinking mode). */
      thinking?: boolean;
    }
  /** The product answers a prompt with a picture through the provider's images API. */
  | { api: 'image'; id: string };

/** Maps our model id to its upstream call (see `resolveModel`); unknown ids pass through to chat. */
export function upstreamModel(endpoint: EndpointName, model: string, overrides?: AliasOverrides): UpstreamModel {
  const resolved = resolveModel(endpoint, model, overrides);
  // PaLM (`*-bison`, Vertex `:predict`) is shut down; the bison ids are aliases of Gemini models.
  if (resolved.api === 'image') return { api: 'image', id: resolved.upstreamId };
  return { api: 'chat', id: resolved.upstreamId, ...resolved.options };
}
