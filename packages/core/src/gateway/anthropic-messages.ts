import { z } from 'zod';

/**
 * Anthropic Messages (`POST /v1/messages`) as Parley reads it. Objects stay loose: a Claude model
 * gets the body as it came, so fields Anthropic adds reach it; the translation to other models
 * refuses what it cannot express (see the server's dialect translators).
 */
const text = z.string().max(10_000_000);

const source = z.looseObject({
  type: z.string().max(40),
  media_type: z.string().max(200).optional(),
  data: z.string().optional(),
  url: z.string().max(8192).optional(),
  file_id: z.string().max(200).optional(),
});

const block = z.looseObject({
  type: z.string().min(1).max(60),
  text: text.optional(),
  source: source.optional(),
  id: z.string().max(200).optional(),
  name: z.string().max(200).optional(),
  input: z.unknown().optional(),
  tool_use_id: z.string().max(200).optional(),
  content: z.union([text, z.array(z.looseObject({ type: z.string().max(60) }))]).optional(),
  is_error: z.boolean().optional(),
  thinking: text.optional(),
  signature: z.string().optional(),
  title: z.string().max(1000).nullable().optional(),
});
export type AnthropicBlockInput = z.infer<typeof block>;

const message = z.looseObject({
  role: z.enum(['user', 'assistant']),
  content: z.union([text, z.array(block).max(10_000)]),
});

const tool = z.looseObject({
  name: z.string().min(1).max(200),
  type: z.string().max(80).optional(),
  description: z.string().max(100_000).optional(),
  input_schema: z.record(z.string(), z.unknown()).optional(),
  strict: z.boolean().optional(),
});

export const anthropicMessagesRequestSchema = z.looseObject({
  model: z.string().min(1).max(200),
  max_tokens: z.number().int().positive(),
  messages: z.array(message).min(1).max(100_000),
  system: z.union([text, z.array(block).max(1000)]).optional(),
  stream: z.boolean().optional(),
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().min(0).max(1).optional(),
  top_k: z.number().int().min(0).optional(),
  stop_sequences: z.array(z.string().max(1000)).max(64).optional(),
  tools: z.array(tool).max(1000).optional(),
  tool_choice: z.looseObject({ type: z.enum(['auto', 'any', 'tool', 'none']), name: z.string().max(200).optional(), disable_parallel_tool_use: z.boolean().optional() }).optional(),
  thinking: z.looseObject({ type: z.string().max(40), budget_tokens: z.number().int().optional(), display: z.string().max(40).nullable().optional() }).optional(),
  output_config: z.looseObject({ effort: z.string().max(20).nullable().optional(), format: z.looseObject({ type: z.string().max(40), schema: z.record(z.string(), z.unknown()).optional() }).nullable().optional() }).optional(),
  metadata: z.looseObject({ user_id: z.string().max(500).nullable().optional() }).optional(),
});
export type AnthropicMessagesRequest = z.infer<typeof anthropicMessagesRequestSchema>;

/** `POST /v1/messages/count_tokens`: the request without the answer's settings. */
export const anthropicCountTokensSchema = anthropicMessagesRequestSchema.omit({ max_tokens: true, stream: true, temperature: true, top_p: true, top_k: true, stop_sequences: true, metadata: true });
export type AnthropicCountTokensRequest = z.infer<typeof anthropicCountTokensSchema>;
