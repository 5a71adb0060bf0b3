import { z } from 'zod';
import { azureKeySchema, INVALID_AZURE_KEY_MESSAGE, INVALID_SERVICE_ACCOUNT_MESSAGE, parseKeyFile, serviceAccountKeySchema } from '../keys/key-files.ts';

/**
 * The upstream account kinds a channel can be: a provider's own API, or an OpenAI-compatible
 * host (`openai-compatible` with its own base URL, or one of the presets that bring theirs).
 */
export const channelTypes = [
  'openai',
  'azure',
  'anthropic',
  'google',
  'vertex',
  'deepseek',
  'xai',
  'openai-compatible',
  'qwen',
  'glm',
  'kimi',
  'doubao',
  'siliconflow',
] as const;

export type ChannelType = (typeof channelTypes)[number];

/**
 * Where each type is reached when the file names no `base_url`. Azure takes its resource from
 * the key's instance name and `openai-compatible` has no default: both need nothing or their own.
 */
export const channelBaseUrls: Readonly<Partial<Record<ChannelType, string>>> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  google: 'https://generativelanguage.googleapis.com',
  vertex: 'https://us-central1-aiplatform.googleapis.com',
  deepseek: 'https://api.deepseek.com',
  xai: 'https://api.x.ai/v1',
  qwen: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
  glm: 'https://open.bigmodel.cn/api/paas/v4',
  kimi: 'https://api.moonshot.cn/v1',
  doubao: 'https://ark.cn-beijing.volces.com/api/v3',
  siliconflow: 'https://api.siliconflow.cn/v1',
};

/** Channel names are what the admin commands and usage records name: short and plain. */
const channelName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/i, 'a channel name is 1–64 letters, digits, dots, hyphens or underscores');
const modelName = z.string().min(1).max(200);

/** One channel as `CHANNELS_FILE` writes it (snake_case, as one-api and new-api operators know it). */
export const channelEntrySchema = z
  .object({
    name: channelName,
    type: z.enum(channelTypes),
    base_url: z.url({ protocol: /^https?$/ }).optional(),
    keys: z.array(z.string().min(1).max(20_000)).min(1).max(1_000),
    models: z.array(modelName).max(10_000).default([]),
    model_mapping: z.record(modelName, modelName).default({}),
    priority: z.number().int().min(-1_000_000).max(1_000_000).default(0),
    weight: z.number().int().min(0).max(1_000_000).default(1),
  })
  .strict()
  .refine((entry) => entry.type !== 'openai-compatible' || entry.base_url !== undefined, {
    message: 'an openai-compatible channel needs base_url',
    path: ['base_url'],
  })
  .superRefine((entry, check) => {
    // Azure and Vertex keys are the same JSON files as AZURE_OPENAI_API_KEY and a Vertex service account.
    const keyFile = entry.type === 'azure' ? ([azureKeySchema, INVALID_AZURE_KEY_MESSAGE] as const) : entry.type === 'vertex' ? ([serviceAccountKeySchema, INVALID_SERVICE_ACCOUNT_MESSAGE] as const) : undefined;
    if (!keyFile) return;
    entry.keys.forEach((key, index) => {
      const parsed = parseKeyFile<unknown>(keyFile[0], key, keyFile[1]);
      if (!parsed.ok) check.addIssue({ code: 'custom', message: parsed.message, path: ['keys', index] });
    });
  })
  .refine((entry) => entry.models.length > 0 || Object.keys(entry.model_mapping).length > 0, {
    message: 'a channel serves at least one model (models or model_mapping)',
    path: ['models'],
  });

export type ChannelEntry = z.infer<typeof channelEntrySchema>;

export const channelFileSchema = z
  .object({ channels: z.array(channelEntrySchema).max(10_000) })
  .strict()
  .superRefine((file, check) => {
    const seen = new Set<string>();
    file.channels.forEach((channel, index) => {
      const name = channel.name.toLowerCase();
      if (seen.has(name)) check.addIssue({ code: 'custom', message: `channel name "${channel.name}" is used twice`, path: ['channels', index, 'name'] });
      seen.add(name);
    });
  });

/** What the operator set (`enabled`, `disabled`) or Parley decided (`auto-disabled`, with its reason). */
export const channelStates = ['enabled', 'disabled', 'auto-disabled'] as const;
export type ChannelStateName = (typeof channelStates)[number];
