import { authApi } from '../../api/auth.ts';
import { refreshSession } from '../../api/refresh.ts';
import { queryClient } from '../../state/query-client.ts';
import { useAuthStore } from '../../state/auth-store.ts';

/** On app start: the refresh cookie, if any, restores the session without a login (SPEC point 4). */
export async function restoreSession(): Promise<void> {
  const session = await refreshSession();
  if (!session && useAuthStore.getState().status === 'restoring') useAuthStore.getState().setAnonymous();
}

/**
 * SPEC point 4: logout calls the server (revoking the refresh session and its cookie), then
 * clears token, user, the stored access key and every cached query, whatever the server said.
 */
export async function logout(): Promise<void> {
  // A failed server call (already expired, offline) must not keep the user signed in here.
  await authApi.logout().catch(() => undefined);
  useAuthStore.getState().signOut();
  queryClient.clear();
}
