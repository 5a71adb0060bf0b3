import { z } from 'zod';

/** Which way a call came in: Parley's own chat, or one of the API's dialects. */
export const usageDialects = ['web', 'openai-chat', 'openai-responses', 'anthropic-messages', 'gemini', 'images', 'embeddings'] as const;
export type UsageDialect = (typeof usageDialects)[number];

/** One call as `GET /api/usage/records` shows it to its owner. */
export const usageRecordViewSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  dialect: z.string(),
  model: z.string(),
  upstreamModel: z.string().nullable(),
  tokenName: z.string().nullable(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  cachedTokens: z.number(),
  reasoningTokens: z.number(),
  charged: z.number(),
  unit: z.enum(['quota', 'credits', 'free']),
  ttftMs: z.number().nullable(),
  totalMs: z.number(),
  status: z.enum(['ok', 'error', 'cancelled']),
  errorCode: z.string().nullable(),
});
export type UsageRecordView = z.infer<typeof usageRecordViewSchema>;

export const usageRecordPageSchema = z.object({
  records: z.array(usageRecordViewSchema),
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: z.string().nullable(),
});
export type UsageRecordPage = z.infer<typeof usageRecordPageSchema>;

export const USAGE_PAGE_MAX = 200;

/** Where the next page of a newest-first list starts: `<createdAt ISO>|<id>` of the last row shown. */
export const pageCursorSchema = z.string().max(100).regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z\|[\w-]+$/);

/** `GET /api/usage/records?limit&before&format=csv`: newest first, paged by the last row's time and id. */
export const usageRecordsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(USAGE_PAGE_MAX).default(50),
  before: pageCursorSchema.optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
