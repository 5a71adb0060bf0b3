import { useQuery } from '@tanstack/react-query';
import { quotaApi } from './quota-api.ts';

/** `idle`: 尚未查询 (no lookup yet); `loading`: 正在查询... (also after a failure, SPEC point 8); `done`: the value. */
type QuotaLookupState = 'idle' | 'loading' | 'done';

export interface QuotaLookup {
  state: QuotaLookupState;
  usage: number | undefined;
  refresh(): void;
}

const quotaQueryKey = (apiKey: string | null) => ['quota', apiKey] as const;

async function lookUp(apiKey: string, signal: AbortSignal): Promise<number> {
  try {
    return await quotaApi.usage(apiKey, signal);
  } catch (error) {
    if (!signal.aborted) console.error('Quota lookup failed', error);
    throw error;
  }
}

/**
 * SPEC point 4: the remaining quota of the stored key, looked up as the dialog opens and again on
 * demand (after paying), and when the page regains focus (back from the payment tab).
 */
export function useQuotaLookup(apiKey: string | null, active: boolean): QuotaLookup {
  const query = useQuery({
    queryKey: quotaQueryKey(apiKey),
    queryFn: ({ signal }) => lookUp(apiKey!, signal),
    enabled: active && apiKey !== null,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  const state: QuotaLookupState = query.isFetching || query.isError ? 'loading' : query.data === undefined ? 'idle' : 'done';
  return {
    state,
    usage: query.data,
    refresh: () => {
      if (apiKey) void query.refetch();
    },
  };
}
