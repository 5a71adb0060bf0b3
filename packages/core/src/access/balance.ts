import { z } from 'zod';

/**
 * What `GET /api/balance` counts for the caller: token `credits` of an account (CHECK_BALANCE,
 * reading A), the remaining `quota` of an access key (reading B), or the `free_calls` left today
 * to a visitor without a key.
 */
export const balanceUnits = ['credits', 'quota', 'free_calls'] as const;
export type BalanceUnit = (typeof balanceUnits)[number];

export const balanceResponseSchema = z.object({
  balance: z.number(),
  unit: z.enum(balanceUnits),
});
export type BalanceResponse = z.infer<typeof balanceResponseSchema>;
