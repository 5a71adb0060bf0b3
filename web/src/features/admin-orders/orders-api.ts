import { adminOrderPageSchema, adminOrderSchema, requeryOrderResponseSchema } from '@parley/core';
import { consoleGet, consoleSend, type ConsoleParams } from '../../components/console/console-api.ts';

export const ordersApi = {
  page: (params: ConsoleParams) => consoleGet('orders', adminOrderPageSchema, params),
  refund: (id: string, reason: string) => consoleSend(`orders/${encodeURIComponent(id)}/refund`, adminOrderSchema, { reason }),
  requery: (id: string) => consoleSend(`orders/${encodeURIComponent(id)}/requery`, requeryOrderResponseSchema),
};
