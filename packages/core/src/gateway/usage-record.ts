import { z } from 'zod';

/** Which way a call came in: Parley's own chat, or one of the API's dialects. */
export const usageDialects = ['web', 'openai-chat', 'openai-responses', 'anthropic-messages', 'gemini', 'images', 'embeddings'] as const;
export type UsageDialect = (typeof usageDialects)[number];

/** One call as `GET /api/usage/records` shows it to its owner. */
export interface UsageRecordView {
  id: string;
  createdAt: string;
  dialect: string;
  model: string;
  upstreamModel: string | null;
  tokenName: string | null;
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
  reasoningTokens: number;
  charged: number;
  unit: 'quota' | 'credits' | 'free';
  ttftMs: number | null;
  totalMs: number;
  status: 'ok' | 'error' | 'cancelled';
  errorCode: string | null;
}

export interface UsageRecordPage {
  records: UsageRecordView[];
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: string | null;
}

export const USAGE_PAGE_MAX = 200;

/** `GET /api/usage/records?limit&before&format=csv`: newest first, paged by the last row's time and id. */
export const usageRecordsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(USAGE_PAGE_MAX).default(50),
  before: z.string().max(100).regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z\|[\w-]+$/).optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
