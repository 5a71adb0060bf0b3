import type { AccessMode } from '@parley/core';
import type { AuthStatus } from '../../state/auth-store.ts';

/**
 * Who may open the chat (SPEC points 1 and 6): signed-in users always; where access keys exist
 * (`keys` or `both`) anyone, since a visitor without a key chats on the free allowance and the
 * welcome modal offers the key (and in `both` mode the sign-in page).
 */
export function canEnterChat(status: AuthStatus, accessMode: AccessMode): boolean {
  if (status === 'authenticated') return true;
  return accessMode !== 'accounts';
}
