import type { EndpointName } from './names.ts';

/**
 * How one of our model ids is called upstream. Most ids pass through unchanged to Chat
 * Completions (or the provider's own chat API); some are product names for a different
 * upstream model plus extra options.
 */
export type UpstreamModel =
  | {
      api: 'chat';
      id: string;
      /** xAI live search, forced on for the deep-search product. */
      liveSearch?: boolean;
      reasoningEffort?: 'low' | 'medium' | 'high';
    }
  /** The product answers a prompt with a picture through the provider's images API. */
  | { api: 'image'; id: string }
  /** PaLM-era Vertex models have no streaming chat API; they are called through `:predict`. */
  | { api: 'vertex-predict'; id: string; format: 'chat' | 'text' };

const chat = (id: string, extra: Partial<Extract<UpstreamModel, { api: 'chat' }>> = {}): UpstreamModel => ({
  api: 'chat',
  id,
  ...extra,
});

const byModel: Readonly<Record<string, UpstreamModel>> = {
  'gpt-o1': chat('o1'),
  'gpt-o3': chat('o3'),
  'gpt-o3-mini': chat('o3-mini'),
  // "Drawing" is image generation; gpt-image-1 is OpenAI's image model behind /v1/images/generations.
  'gpt-4o-image': { api: 'image', id: 'gpt-image-1' },
  'grok-3-deepsearch': chat('grok-3', { liveSearch: true }),
  // grok-3 itself does not expose its thinking; grok-3-mini is xAI's reasoning model of that generation.
  'grok-3-reasoning': chat('grok-3-mini', { reasoningEffort: 'high' }),
  'grok-3-imageGen': { api: 'image', id: 'grok-2-image' },
  'deepseek-r1': chat('deepseek-reasoner'),
  // The Claude 1/2 generation is retired; each id maps to today's model of the same tier.
  'claude-1': chat('claude-sonnet-4-5'),
  'claude-1-100k': chat('claude-sonnet-4-5'),
  'claude-2': chat('claude-sonnet-4-5'),
  'claude-instant-1': chat('claude-haiku-4-5'),
  'claude-instant-1-100k': chat('claude-haiku-4-5'),
  'chat-bison': { api: 'vertex-predict', id: 'chat-bison', format: 'chat' },
  'codechat-bison': { api: 'vertex-predict', id: 'codechat-bison', format: 'chat' },
  'text-bison': { api: 'vertex-predict', id: 'text-bison', format: 'text' },
};

/** Maps our model id to its upstream call; ids not in the table (any `gemini-*`, `gpt-4o`…) pass through. */
export function upstreamModel(endpoint: EndpointName, model: string): UpstreamModel {
  if (Object.hasOwn(byModel, model)) return byModel[model]!;
  if (endpoint === 'google' && /^(chat|text|codechat)-bison/.test(model)) {
    return { api: 'vertex-predict', id: model, format: model.startsWith('text-') ? 'text' : 'chat' };
  }
  return chat(model);
}
