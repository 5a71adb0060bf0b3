import { queryClient } from '../../state/query-client.ts';
import { useAuthStore } from '../../state/auth-store.ts';

/** After signing out everywhere or deleting the account: nothing of it stays in this tab. */
export function leaveSession(): void {
  useAuthStore.getState().signOut();
  queryClient.clear();
}
