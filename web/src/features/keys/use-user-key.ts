import { isKeyUsable, type EndpointName } from '@parley/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { keysApi, keyStatusQueryKey } from './keys-api.ts';

/** setTimeout fires at once beyond 2^31-1 ms; a longer wait is split into steps of this size. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export interface UserKeyState {
  /** The endpoint takes user-provided keys and none usable is stored: 'Set key' replaces Send. */
  needsKey: boolean;
  expiresAt: string | null;
}

/**
 * The caller's own key for a `user_provided` endpoint (SPEC point 4, key expiry): usable only
 * while its expiry is ahead. A timer re-renders when it lapses, and the status is fetched again.
 */
export function useUserKey(endpoint: EndpointName | null, userProvide: boolean): UserKeyState {
  const queryClient = useQueryClient();
  const enabled = Boolean(endpoint && userProvide);
  const query = useQuery({
    queryKey: keyStatusQueryKey(endpoint ?? ''),
    queryFn: ({ signal }) => keysApi.status(endpoint!, signal),
    enabled,
    staleTime: 60_000,
  });
  const expiresAt = query.data?.expiresAt ?? null;
  const [checks, recheck] = useReducer((n: number) => n + 1, 0);

  useEffect(() => {
    if (!enabled || !expiresAt) return;
    const left = Date.parse(expiresAt) - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => {
      recheck();
      if (Date.parse(expiresAt) <= Date.now()) void queryClient.invalidateQueries({ queryKey: keyStatusQueryKey(endpoint!) });
    }, Math.min(left + 50, LONGEST_TIMER_MS));
    return () => clearTimeout(timer);
  }, [enabled, endpoint, expiresAt, checks, queryClient]);

  return { needsKey: enabled && query.isSuccess && !isKeyUsable(expiresAt), expiresAt };
}
