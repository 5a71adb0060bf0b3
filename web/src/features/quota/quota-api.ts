import { createOrderResponseSchema, getUsageResponseSchema, USAGE_CLIENT_PASSWORD, type CreateOrderRequest } from '@parley/core';
import { apiJson } from '../../api/client.ts';

/** SPEC point 7: the quota lookup and order calls; the key in the body authenticates them. */
export const quotaApi = {
  usage: (apikey: string, signal?: AbortSignal) =>
    apiJson('/api/ask/usage/getusage', {
      body: { password: USAGE_CLIENT_PASSWORD, apikey },
      schema: getUsageResponseSchema,
      signal,
    }).then((answer) => answer.usage),
  createOrder: (order: Omit<CreateOrderRequest, 'password'>) =>
    apiJson('/api/ask/usage/createorder', { body: { password: USAGE_CLIENT_PASSWORD, ...order }, schema: createOrderResponseSchema }),
};
