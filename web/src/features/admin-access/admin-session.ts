import { adminSessionSchema, type AdminSession } from '@parley/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../api/client.ts';
import { useAuthStore } from '../../state/auth-store.ts';

const sessionKey = (userId: string | undefined) => ['admin-session', userId ?? 'none'] as const;

/**
 * `GET /api/admin/session`: whether the console is open to this browser (an admin account's
 * token, or the operator's cookie). Asked once the account session is restored; a failure
 * (401 not signed in, 403 someone else) is the answer, not retried.
 */
export function useAdminSession() {
  const status = useAuthStore((s) => s.status);
  const userId = useAuthStore((s) => s.user?.id);
  return useQuery({
    queryKey: sessionKey(userId),
    enabled: status !== 'restoring',
    retry: false,
    staleTime: 60_000,
    queryFn: (): Promise<AdminSession> => apiJson('/api/admin/session', { schema: adminSessionSchema, refreshOn401: status === 'authenticated' }),
  });
}

/** Forgets the answer, so the console asks again (after the operator signs in or out). */
export function useForgetAdminSession() {
  const client = useQueryClient();
  return () => client.resetQueries({ queryKey: ['admin-session'] });
}
