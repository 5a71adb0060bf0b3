import { useSyncExternalStore } from 'react';
import { storedApiKey, subscribeApiKey } from '../api/session.ts';

/** The access key in local storage, re-rendering when it is saved or removed (here or in another tab). */
export function useStoredApiKey(): string | null {
  return useSyncExternalStore(subscribeApiKey, storedApiKey, () => null);
}
