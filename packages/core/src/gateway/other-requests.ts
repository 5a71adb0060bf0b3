import { z } from 'zod';

/** `POST /v1/images/generations`, as OpenAI takes it; the upstream checks the model-specific values. */
export const imageGenerationRequestSchema = z.looseObject({
  model: z.string().min(1).max(200),
  prompt: z.string().min(1).max(32_000),
  n: z.number().int().min(1).max(10).nullable().optional(),
  size: z.string().max(20).nullable().optional(),
  quality: z.string().max(20).nullable().optional(),
  response_format: z.enum(['url', 'b64_json']).nullable().optional(),
  style: z.string().max(20).nullable().optional(),
  user: z.string().max(256).optional(),
});
export type ImageGenerationRequest = z.infer<typeof imageGenerationRequestSchema>;

/** OpenAI's limits on one embeddings call: 2,048 inputs. */
const EMBEDDING_INPUTS_MAX = 2048;

/** `POST /v1/embeddings`: text, texts, or token arrays, as OpenAI takes them. */
export const embeddingsRequestSchema = z.looseObject({
  model: z.string().min(1).max(200),
  input: z.union([
    z.string().min(1),
    z.array(z.string().min(1)).min(1).max(EMBEDDING_INPUTS_MAX),
    z.array(z.number().int().nonnegative()).min(1),
    z.array(z.array(z.number().int().nonnegative()).min(1)).min(1).max(EMBEDDING_INPUTS_MAX),
  ]),
  encoding_format: z.enum(['float', 'base64']).optional(),
  dimensions: z.number().int().positive().optional(),
  user: z.string().max(256).optional(),
});
export type EmbeddingsRequest = z.infer<typeof embeddingsRequestSchema>;

/** One entry of `GET /v1/models` (OpenAI's list). */
export interface OpenAIModelEntry {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
}

/** One entry of `GET /v1/models` asked with `anthropic-version` (Anthropic's list). */
export interface AnthropicModelEntry {
  type: 'model';
  id: string;
  display_name: string;
  created_at: string;
}
