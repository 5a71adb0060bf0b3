import type { OrderView } from '@parley/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { balanceQueryKey } from '../../state/balance-query-key.ts';
import { ordersApi } from './orders-api.ts';

/** How often a pending order is asked after: the gateway's notification usually comes within seconds. */
const PENDING_POLL_MS = 2_000;
/** After a few minutes a late payment is still watched, less often. */
const LATE_POLL_MS = 15_000;
const LATE_AFTER_MS = 3 * 60_000;

export interface OrderWatch {
  order: OrderView | undefined;
  /** The order is not this browser's (or does not exist). */
  missing: boolean;
  /** Still pending after a few minutes: the page says what that means. */
  late: boolean;
}

/**
 * Watches an order until it is paid: asked every 2 s (every 15 s after three minutes, a late
 * notification is credited whenever it comes) and on focus. Once paid, the balance and quota shown
 * anywhere in the app are fetched again, so the tab that placed the order updates by itself.
 */
export function useOrderWatch(orderId: string | null): OrderWatch {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['order', orderId],
    queryFn: ({ signal }) => ordersApi.view(orderId!, signal),
    enabled: orderId !== null,
    retry: false,
    refetchOnWindowFocus: true,
    refetchInterval: (q) => {
      const data = q.state.data;
      if (data?.paid || q.state.error) return false;
      return data && Date.now() - Date.parse(data.createdAt) > LATE_AFTER_MS ? LATE_POLL_MS : PENDING_POLL_MS;
    },
  });
  const paid = query.data?.paid === true;
  useEffect(() => {
    if (!paid) return;
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['quota'] });
  }, [paid, queryClient]);
  const late = !paid && query.data !== undefined && query.dataUpdatedAt - Date.parse(query.data.createdAt) > LATE_AFTER_MS;
  return { order: query.data, missing: query.isError, late };
}
