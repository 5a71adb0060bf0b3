import type { ModelCapabilities, ModelProvider } from './types.ts';

/** What a model family shares: enough to serve an id the catalog does not list yet. */
export interface ModelFamily {
  capabilities: ModelCapabilities;
  contextWindow: number;
}

export const plainText: ModelCapabilities = { vision: false, reasoning: false, tools: false, imageOutput: false, documents: false };

const caps = (on: Partial<ModelCapabilities>): ModelCapabilities => ({ ...plainText, ...on });
const picture = caps({ vision: true, imageOutput: true });

/*
 * Per provider, the first pattern an upstream id matches. The figures are the smallest of the
 * family's current models (a longer conversation is cut by the history window, never refused
 * for a guess). Image, audio and embedding ids are told apart first: they are no chat models.
 */
const families: Readonly<Record<ModelProvider, readonly (readonly [RegExp, ModelFamily])[]>> = {
  openai: [
    [/image|dall-e/, { capabilities: picture, contextWindow: 32_000 }],
    [/audio|realtime|tts|whisper|transcribe|embedding/, { capabilities: plainText, contextWindow: 8_000 }],
    // GPT-5 and later and the o-series think; all of them read pictures, files and call tools.
    [/^(gpt-([5-9]|\d{2,})|o\d)/, { capabilities: caps({ vision: true, reasoning: true, tools: true, documents: true }), contextWindow: 400_000 }],
    [/^(gpt-4|chatgpt-4)/, { capabilities: caps({ vision: true, tools: true, documents: true }), contextWindow: 128_000 }],
  ],
  anthropic: [[/^claude-/, { capabilities: caps({ vision: true, reasoning: true, tools: true, documents: true }), contextWindow: 200_000 }]],
  google: [
    [/image|imagen|nano-banana/, { capabilities: picture, contextWindow: 32_000 }],
    [/tts|embedding|transcribe|lyria|robotics/, { capabilities: plainText, contextWindow: 8_000 }],
    [/^gemini-/, { capabilities: caps({ vision: true, reasoning: true, tools: true, documents: true }), contextWindow: 1_048_576 }],
  ],
  xai: [
    [/imagine|image/, { capabilities: picture, contextWindow: 8_000 }],
    [/^grok-/, { capabilities: caps({ vision: true, reasoning: true, tools: true }), contextWindow: 131_072 }],
  ],
  deepseek: [[/^deepseek-/, { capabilities: caps({ reasoning: true, tools: true }), contextWindow: 128_000 }]],
};

/** The family of an upstream id of `provider`, or undefined for an id of no known family (a fine-tune, a relay's own). */
export function familyOf(provider: ModelProvider | null | undefined, upstreamId: string): ModelFamily | undefined {
  if (!provider) return undefined;
  return families[provider].find(([pattern]) => pattern.test(upstreamId))?.[1];
}
