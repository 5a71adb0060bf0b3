import { balanceResponseSchema, type BalanceResponse } from '@parley/core';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../api/client.ts';
import { useStartupConfig } from '../../api/use-startup-config.ts';
import { useAccess } from '../../state/use-access.ts';
import { useAuthStore } from '../../state/auth-store.ts';
import { balanceQueryKey } from '../../state/balance-query-key.ts';


async function fetchBalance(signal: AbortSignal): Promise<BalanceResponse> {
  try {
    return await apiJson('/api/balance', { schema: balanceResponseSchema, signal });
  } catch (error) {
    if (!signal.aborted) console.error('Balance lookup failed', error);
    throw error;
  }
}

/**
 * `GET /api/balance` (SPEC points 6, 7 and 9), fetched again on focus, on reconnect and on mount:
 * an account's token credits when the server checks balances (reading A), and where access keys
 * exist the key's quota or the visitor's free calls left today (reading B).
 */
export function useBalance(): BalanceResponse | undefined {
  const config = useStartupConfig().data;
  const status = useAuthStore((s) => s.status);
  const { keysEnabled } = useAccess();
  const accountCredits = status === 'authenticated' && config?.checkBalance === true;
  const keyOrVisitor = status === 'anonymous' && keysEnabled;
  const query = useQuery({
    queryKey: balanceQueryKey,
    queryFn: ({ signal }) => fetchBalance(signal),
    enabled: accountCredits || keyOrVisitor,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
    refetchOnMount: true,
  });
  return query.data;
}
