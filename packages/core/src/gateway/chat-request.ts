import { z } from 'zod';

/**
 * OpenAI Chat Completions, the gateway's canonical request (as new-api keeps it): every dialect
 * is translated into this shape and every upstream adapter starts from it. The fields Parley
 * reads are checked as strictly as OpenAI checks them; any other top-level field (a vendor's
 * extension such as DeepSeek's `thinking`) is kept and handed to an OpenAI-compatible upstream
 * as it came, which answers it as it would directly.
 */

/** The longest function name OpenAI takes, and its alphabet. */
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MESSAGES_MAX = 10_000;
const TOOLS_MAX = 128;
const STOP_MAX = 4;

const textPart = z.object({ type: z.literal('text'), text: z.string() });
const imagePart = z.object({
  type: z.literal('image_url'),
  image_url: z.object({ url: z.string().min(1), detail: z.enum(['auto', 'low', 'high']).optional() }),
});
const audioPart = z.object({ type: z.literal('input_audio'), input_audio: z.object({ data: z.string().min(1), format: z.enum(['wav', 'mp3']) }) });
const filePart = z.object({
  type: z.literal('file'),
  file: z
    .object({ file_data: z.string().min(1).optional(), file_id: z.string().min(1).optional(), filename: z.string().optional() })
    .refine((file) => file.file_data !== undefined || file.file_id !== undefined, 'a file part needs file_data or file_id'),
});
const refusalPart = z.object({ type: z.literal('refusal'), refusal: z.string() });

export const chatContentPartSchema = z.discriminatedUnion('type', [textPart, imagePart, audioPart, filePart]);
export type ChatContentPart = z.infer<typeof chatContentPartSchema>;

const textContent = z.union([z.string(), z.array(textPart).min(1)]);

export const chatToolCallSchema = z.object({
  id: z.string().min(1),
  type: z.literal('function'),
  function: z.object({ name: z.string().regex(TOOL_NAME), arguments: z.string() }),
});

const systemMessage = z.looseObject({ role: z.enum(['system', 'developer']), content: textContent, name: z.string().optional() });
const userMessage = z.looseObject({
  role: z.literal('user'),
  content: z.union([z.string(), z.array(chatContentPartSchema).min(1)]),
  name: z.string().optional(),
});
const assistantMessage = z
  .looseObject({
    role: z.literal('assistant'),
    content: z.union([z.string(), z.array(z.discriminatedUnion('type', [textPart, refusalPart])), z.null()]).optional(),
    tool_calls: z.array(chatToolCallSchema).optional(),
    refusal: z.string().nullable().optional(),
    name: z.string().optional(),
  })
  .refine((m) => (m.content !== undefined && m.content !== null) || (m.tool_calls?.length ?? 0) > 0, {
    message: 'an assistant message needs content or tool_calls',
    path: ['content'],
  });
const toolMessage = z.looseObject({ role: z.literal('tool'), content: textContent, tool_call_id: z.string().min(1) });

export const chatMessageSchema = z.discriminatedUnion('role', [systemMessage, userMessage, assistantMessage, toolMessage]);
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatToolSchema = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string().regex(TOOL_NAME, 'a function name is 1 to 64 letters, digits, underscores or dashes'),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().nullable().optional(),
  }),
});
export type ChatTool = z.infer<typeof chatToolSchema>;

const toolChoiceSchema = z.union([
  z.enum(['none', 'auto', 'required']),
  z.object({ type: z.literal('function'), function: z.object({ name: z.string().regex(TOOL_NAME) }) }),
]);

export const responseFormatSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }),
  z.object({ type: z.literal('json_object') }),
  z.object({
    type: z.literal('json_schema'),
    json_schema: z.object({
      name: z.string().regex(TOOL_NAME),
      description: z.string().optional(),
      schema: z.record(z.string(), z.unknown()).optional(),
      strict: z.boolean().nullable().optional(),
    }),
  }),
]);

export const reasoningEffortSchema = z.enum(['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max']);

const positiveInt = z.number().int().positive();

export const chatCompletionRequestSchema = z.looseObject({
  model: z.string().min(1).max(200),
  messages: z.array(chatMessageSchema).min(1).max(MESSAGES_MAX),
  stream: z.boolean().nullable().optional(),
  stream_options: z.object({ include_usage: z.boolean().optional(), include_obfuscation: z.boolean().optional() }).nullable().optional(),
  /** Several choices per call are not relayed: only 1 (the default). */
  n: z.literal(1, 'only n=1 is supported').nullable().optional(),
  tools: z.array(chatToolSchema).max(TOOLS_MAX).optional(),
  tool_choice: toolChoiceSchema.optional(),
  parallel_tool_calls: z.boolean().optional(),
  response_format: responseFormatSchema.optional(),
  reasoning_effort: reasoningEffortSchema.nullable().optional(),
  max_tokens: positiveInt.nullable().optional(),
  max_completion_tokens: positiveInt.nullable().optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  top_p: z.number().min(0).max(1).nullable().optional(),
  frequency_penalty: z.number().min(-2).max(2).nullable().optional(),
  presence_penalty: z.number().min(-2).max(2).nullable().optional(),
  stop: z.union([z.string(), z.array(z.string()).max(STOP_MAX)]).nullable().optional(),
  seed: z.number().int().nullable().optional(),
  user: z.string().max(256).optional(),
});
export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;
