import { z } from 'zod';
import { endpointOptionsSchemas } from '../endpoints/options-schemas.ts';
import { resolveEndpoint, type EndpointName } from '../endpoints/names.ts';

export const DEFAULT_PRESET_TITLE = 'New Preset';
export const PRESET_TITLE_MAX_LENGTH = 200;

const text = z.string().max(100_000).nullable().optional();
const num = z.number().nullable().optional();
const id = z.string().max(200).nullable().optional();
const example = z.object({
  input: z.object({ content: z.string().max(100_000) }),
  output: z.object({ content: z.string().max(100_000) }),
});
const tool = z.union([z.string().min(1).max(200), z.looseObject({ pluginKey: z.string().min(1).max(200) })]);

/**
 * The conversation settings a preset carries (SPEC point 3: the conversation fields minus
 * conversationId, createdAt, updatedAt and title). Unknown fields, including a conversation's
 * messages or owner, are dropped.
 */
const presetFields = {
  endpoint: z.string({ error: 'validation.preset.endpoint' }).refine((name) => resolveEndpoint(name) !== undefined, 'Unknown endpoint'),
  model: z.string().trim().min(1).max(200).nullable().optional(),
  tools: z.array(tool).max(50).optional(),
  systemMessage: text,
  modelLabel: text,
  chatGptLabel: text,
  userLabel: text,
  promptPrefix: text,
  examples: z.array(example).max(100).optional(),
  temperature: num,
  topP: num,
  top_p: num,
  topK: num,
  top_k: num,
  context: text,
  maxOutputTokens: num,
  frequency_penalty: num,
  presence_penalty: num,
  jailbreak: z.boolean().nullable().optional(),
  jailbreakConversationId: id,
  conversationSignature: id,
  parentMessageId: id,
  clientId: id,
  invocationId: z.number().int().min(0).nullable().optional(),
  toneStyle: z.string().max(40).nullable().optional(),
  agentOptions: z
    .object({
      agent: z.string().max(40).optional(),
      skipCompletion: z.boolean().optional(),
      model: z.string().max(200).optional(),
      temperature: z.number().optional(),
    })
    .nullable()
    .optional(),
};

/** Settings fields that the endpoint's option schema bounds (temperature ranges and the like). */
function checkAgainstEndpoint(preset: Record<string, unknown>, ctx: z.RefinementCtx) {
  const endpoint = resolveEndpoint(String(preset.endpoint));
  if (!endpoint) return;
  const schema = endpointOptionsSchemas[endpoint] as z.ZodObject;
  const known = Object.keys(schema.shape);
  const relevant = Object.fromEntries(known.filter((k) => preset[k] !== undefined && preset[k] !== null).map((k) => [k, preset[k]]));
  const result = schema.safeParse(relevant);
  if (result.success) return;
  // The issue keeps its code and bound (too_big, 2), so an import can say which limit was broken.
  for (const issue of result.error.issues) ctx.addIssue({ ...issue });
}

/**
 * `POST /api/presets`: a preset to save. `presetId` null (an import) makes the server choose a
 * new id; an id of the caller's updates that preset.
 */
export const presetInputSchema = z
  .object({
    presetId: z.string().trim().min(1).max(200).nullable().optional(),
    title: z
      .string()
      .trim()
      .max(PRESET_TITLE_MAX_LENGTH, 'validation.preset.title')
      .nullable()
      .optional()
      .transform((title) => (title ? title : DEFAULT_PRESET_TITLE)),
    ...presetFields,
  })
  .superRefine(checkAgainstEndpoint)
  .transform((preset) => ({ ...preset, endpoint: resolveEndpoint(preset.endpoint) as EndpointName }));
export type PresetInput = z.infer<typeof presetInputSchema>;

/** A preset as the API presents it: its settings at the top level beside the fixed fields. */
export const presetSchema = z.looseObject({
  presetId: z.string(),
  title: z.string(),
  endpoint: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Preset = z.infer<typeof presetSchema>;

/**
 * `POST /api/presets/delete`: a preset (only its `presetId` matters) deletes that one; an empty
 * body or `{}` deletes all of the caller's. A preset without an id is refused rather than read
 * as "all", so deleting an unsaved preset can never wipe the list.
 */
export const presetDeleteSchema = z.union([
  z.object({ presetId: z.string().trim().min(1).max(200) }),
  z.strictObject({}),
]);
export type PresetDeleteBody = z.infer<typeof presetDeleteSchema>;
