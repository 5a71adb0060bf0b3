import { z } from 'zod';

/**
 * OpenAI Responses (`POST /v1/responses`) requests as Parley reads them. Objects stay loose: an
 * OpenAI model gets the body as it came; the translation to other models refuses what it cannot
 * express (and `previous_response_id`, which only OpenAI's stored responses can honour).
 */
const text = z.string().max(10_000_000);

const contentPart = z.looseObject({
  type: z.string().min(1).max(60),
  text: text.optional(),
  image_url: z.string().max(20_000_000).nullable().optional(),
  file_id: z.string().max(200).nullable().optional(),
  file_data: z.string().optional(),
  file_url: z.string().max(8192).optional(),
  filename: z.string().max(1000).optional(),
  detail: z.string().max(20).optional(),
});
export type ResponsesContentPart = z.infer<typeof contentPart>;

const inputItem = z.looseObject({
  type: z.string().max(60).optional(),
  role: z.string().max(20).optional(),
  content: z.union([text, z.array(contentPart).max(10_000)]).optional(),
  call_id: z.string().max(200).optional(),
  name: z.string().max(200).optional(),
  arguments: text.optional(),
  output: z.union([text, z.array(contentPart).max(1000)]).optional(),
  summary: z.array(z.looseObject({ type: z.string().max(40), text: text.optional() })).max(1000).optional(),
  id: z.string().max(200).optional(),
});
export type ResponsesInputItem = z.infer<typeof inputItem>;

const tool = z.looseObject({
  type: z.string().min(1).max(60),
  name: z.string().max(200).optional(),
  description: z.string().max(100_000).nullable().optional(),
  parameters: z.record(z.string(), z.unknown()).nullable().optional(),
  strict: z.boolean().nullable().optional(),
});

export const responsesRequestSchema = z.looseObject({
  model: z.string().min(1).max(200),
  input: z.union([text, z.array(inputItem).max(100_000)]),
  instructions: text.nullable().optional(),
  stream: z.boolean().nullable().optional(),
  max_output_tokens: z.number().int().positive().nullable().optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  top_p: z.number().min(0).max(1).nullable().optional(),
  tools: z.array(tool).max(1000).optional(),
  tool_choice: z.union([z.enum(['none', 'auto', 'required']), z.looseObject({ type: z.string().max(60), name: z.string().max(200).optional() })]).optional(),
  parallel_tool_calls: z.boolean().nullable().optional(),
  reasoning: z.looseObject({ effort: z.string().max(20).nullable().optional(), summary: z.string().max(20).nullable().optional() }).nullable().optional(),
  text: z
    .looseObject({
      format: z.looseObject({ type: z.string().max(40), name: z.string().max(200).optional(), schema: z.record(z.string(), z.unknown()).optional(), strict: z.boolean().nullable().optional() }).optional(),
      verbosity: z.string().max(20).nullable().optional(),
    })
    .nullable()
    .optional(),
  previous_response_id: z.string().max(200).nullable().optional(),
  store: z.boolean().nullable().optional(),
  /** Run detached from the connection: resumable (`GET /v1/responses/{id}?stream=true&starting_after=N`) and cancellable. */
  background: z.boolean().nullable().optional(),
  user: z.string().max(500).optional(),
  safety_identifier: z.string().max(500).optional(),
  metadata: z.record(z.string(), z.string().max(512)).nullable().optional(),
});
export type ResponsesRequest = z.infer<typeof responsesRequestSchema>;

/** `GET /v1/responses/{id}` and `POST /v1/responses/{id}/cancel`: a response id as OpenAI and the translation write them. */
export const responseIdParamsSchema = z.object({ id: z.string().regex(/^resp_[A-Za-z0-9_-]{1,200}$/, 'not a response id') });

/** `GET /v1/responses/{id}`'s query: `stream=true` replays the events after `starting_after`, then follows. */
export const responseRetrieveQuerySchema = z.looseObject({
  stream: z.enum(['true', 'false']).optional(),
  starting_after: z.coerce.number().int().min(0).max(100_000_000).optional(),
});
