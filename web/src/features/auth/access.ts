import type { AccessMode } from '@parley/core';
import type { AuthStatus } from './auth-store.ts';

/**
 * Who may open the chat (SPEC points 1 and 6): signed-in users always; in `keys` mode anyone
 * (the chat asks for an access key); in `both` mode also visitors holding a stored access key.
 */
export function canEnterChat(status: AuthStatus, accessMode: AccessMode, hasApiKey: boolean): boolean {
  if (status === 'authenticated') return true;
  if (accessMode === 'keys') return true;
  return accessMode === 'both' && hasApiKey;
}
