import { z } from 'zod';

/** An upstream channel as the console lists it: its state and why, never its keys. */
export const adminChannelSchema = z.object({
  name: z.string(),
  type: z.string(),
  /** `file` (CHANNELS_FILE) or `env` (an `*_API_KEY` variable). */
  source: z.string(),
  state: z.enum(['enabled', 'disabled', 'auto-disabled']),
  /** Why Parley stopped it (auto-disabled), e.g. the upstream refused its key. */
  reason: z.string().nullable(),
  cooldownUntil: z.string().nullable(),
  priority: z.number(),
  weight: z.number(),
  keys: z.number(),
  models: z.array(z.string()),
});
export type AdminChannel = z.infer<typeof adminChannelSchema>;

export const adminChannelListSchema = z.object({ items: z.array(adminChannelSchema) });

/** `POST /api/admin/channels/:name/test`: each key's answer, and the channel's state after. */
export const channelTestAnswerSchema = z.object({
  model: z.string(),
  ok: z.boolean(),
  keys: z.array(z.object({ key: z.number(), ok: z.boolean(), ms: z.number(), error: z.string().optional() })),
  channel: adminChannelSchema,
});
export type ChannelTestAnswer = z.infer<typeof channelTestAnswerSchema>;

export const channelNameParamSchema = z.object({ name: z.string().min(1).max(200) });
