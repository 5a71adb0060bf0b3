import { z } from 'zod';
import { bingToneStyles, pluginAgents } from './parameters.ts';
import type { EndpointName } from './names.ts';

/** Numbers from the settings panel, bounded by the slider ranges of SPEC point 9. */
const range = (min: number, max: number) => z.number().min(min).max(max).optional();
const intRange = (min: number, max: number) => z.number().int().min(min).max(max).optional();
const label = z.string().max(256).nullable().optional();
const prompt = z.string().max(100_000).nullable().optional();
const model = z.string().trim().min(1).max(200).optional();

const openAIOptions = z.object({
  model,
  chatGptLabel: label,
  promptPrefix: prompt,
  temperature: range(0, 2),
  top_p: range(0, 1),
  presence_penalty: range(-2, 2),
  frequency_penalty: range(-2, 2),
});

const example = z.object({
  input: z.object({ content: z.string().max(100_000) }),
  output: z.object({ content: z.string().max(100_000) }),
});

const toolRef = z.union([z.string().min(1), z.object({ pluginKey: z.string().min(1) }).loose()]);

/** The Conversation fields each endpoint accepts on `POST /api/ask/:endpoint`; unknown fields are dropped. */
export const endpointOptionsSchemas = {
  openAI: openAIOptions,
  azureOpenAI: openAIOptions,
  deepSeek: openAIOptions.extend({ temperature: range(0, 1.5) }),
  grok: openAIOptions,
  gptPlugins: openAIOptions.extend({
    tools: z.array(toolRef).max(50).optional(),
    agentOptions: z
      .object({
        agent: z.enum(pluginAgents).optional(),
        skipCompletion: z.boolean().optional(),
        model: model,
        temperature: range(0, 2),
      })
      .optional(),
  }),
  google: z.object({
    model,
    modelLabel: label,
    promptPrefix: prompt,
    examples: z.array(example).max(100).optional(),
    temperature: range(0, 1),
    topP: range(0, 1),
    topK: intRange(1, 40),
    maxOutputTokens: intRange(1, 1024),
  }),
  anthropic: z.object({
    model,
    modelLabel: label,
    promptPrefix: prompt,
    temperature: range(0, 1),
    topP: range(0, 1),
    topK: intRange(1, 40),
    maxOutputTokens: intRange(1, 4000),
  }),
  bingAI: z.object({
    model,
    jailbreak: z.boolean().optional(),
    systemMessage: prompt,
    context: prompt,
    toneStyle: z.enum(bingToneStyles).optional(),
    jailbreakConversationId: z.string().nullable().optional(),
    conversationSignature: z.string().nullable().optional(),
    clientId: z.string().nullable().optional(),
    invocationId: z.number().int().min(0).optional(),
  }),
  chatGPTBrowser: z.object({ model }),
} satisfies Record<EndpointName, z.ZodType>;

export type EndpointOptions<E extends EndpointName> = z.infer<(typeof endpointOptionsSchemas)[E]>;
