import { setStoredApiKey } from '../../api/session.ts';

/**
 * SPEC point 2: logging out of a key removes the stored apiKey and reloads the page, so no
 * state of that key's conversations survives in memory.
 */
export function forgetAccessKey(): void {
  setStoredApiKey(null);
  window.location.reload();
}
