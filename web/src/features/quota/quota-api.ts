import { getUsageResponseSchema, redeemCodeResponseSchema, USAGE_CLIENT_PASSWORD, type RedeemCodeRequest } from '@parley/core';
import { apiJson } from '../../api/client.ts';

/** SPEC point 7: the quota lookup and redemption calls; the key in the body authenticates them (orders go through orders-api). */
export const quotaApi = {
  usage: (apikey: string, signal?: AbortSignal) =>
    apiJson('/api/ask/usage/getusage', {
      body: { password: USAGE_CLIENT_PASSWORD, apikey },
      schema: getUsageResponseSchema,
      signal,
    }).then((answer) => answer.usage),
  /** A redemption code: tops up the key sent, or answers a new key shown once. */
  redeem: (request: RedeemCodeRequest) => apiJson('/api/redeem', { body: request, schema: redeemCodeResponseSchema }),
};
