import { z } from 'zod';

/**
 * Details of the quota chat errors (the JSON `text` of an error-flagged reply, SPEC point 8).
 * `insufficient_quota.reason`: the key has too little quota left, the visitor's free calls of
 * the day are spent, the model costs more than a free call may, or the key was revoked or expired
 * while the request was under way.
 */
export const insufficientQuotaReasons = ['quota', 'free_allowance', 'model_not_free', 'key_expired'] as const;
export const insufficientQuotaErrorSchema = z.object({
  type: z.literal('insufficient_quota'),
  reason: z.enum(insufficientQuotaReasons),
  cost: z.number().optional(),
  remaining: z.number().optional(),
});
export type InsufficientQuotaError = z.infer<typeof insufficientQuotaErrorSchema>;

/** A model's daily cap per key (gpt-o3-mini: 30 a day): `message_limit` with the cap and the model. */
export const dailyLimitErrorSchema = z.object({
  type: z.literal('message_limit'),
  max: z.number(),
  model: z.string(),
  period: z.literal('day'),
});
export type DailyLimitError = z.infer<typeof dailyLimitErrorSchema>;

/** `token_balance`: 'Insufficient Funds! Balance: {balance}. Prompt tokens: {promptTokens}. Cost: {tokenCost}.' */
export const tokenBalanceErrorSchema = z.object({
  type: z.literal('token_balance'),
  balance: z.number(),
  promptTokens: z.number(),
  tokenCost: z.number(),
  generations: z.unknown().optional(),
});
export type TokenBalanceError = z.infer<typeof tokenBalanceErrorSchema>;

export function tokenBalanceMessage(error: Pick<TokenBalanceError, 'balance' | 'promptTokens' | 'tokenCost'>): string {
  return `Insufficient Funds! Balance: ${error.balance}. Prompt tokens: ${error.promptTokens}. Cost: ${error.tokenCost}.`;
}
