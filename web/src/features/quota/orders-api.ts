import { createdOrderSchema, orderViewSchema, type CreditsOrderRequest, type KeyOrderRequest } from '@parley/core';
import { apiJson } from '../../api/client.ts';

/** The buyer's orders: a key (new, or quota for one), an account's credits, and one order's page. */
export const ordersApi = {
  key: (order: KeyOrderRequest) => apiJson('/api/orders/key', { body: order, schema: createdOrderSchema }),
  credits: (order: CreditsOrderRequest) => apiJson('/api/orders/credits', { body: order, schema: createdOrderSchema }),
  view: (orderId: string, signal?: AbortSignal) => apiJson(`/api/orders/${encodeURIComponent(orderId)}`, { schema: orderViewSchema, signal }),
};
