import type { AccessMode } from '@parley/core';
import { useStartupConfig } from '../api/use-startup-config.ts';
import { useAuthStore } from './auth-store.ts';
import { useStoredApiKey } from './use-stored-api-key.ts';

export interface Access {
  mode: AccessMode;
  /** Access keys exist on this server (`keys` or `both`). */
  keysEnabled: boolean;
  /** The stored access key, when this visitor uses one and is not signed in with an account. */
  apiKey: string | null;
  /** A visitor on the free allowance: keys exist, but neither an account nor a key is in use. */
  freeVisitor: boolean;
}

/** Who is at the keyboard, as far as reading B cares (SPEC point 1). In `accounts` mode nothing of it shows. */
export function useAccess(): Access {
  const mode = useStartupConfig().data?.accessMode ?? 'accounts';
  const signedIn = useAuthStore((s) => s.status === 'authenticated');
  const storedKey = useStoredApiKey();
  const keysEnabled = mode !== 'accounts';
  const apiKey = keysEnabled && !signedIn ? storedKey : null;
  return { mode, keysEnabled, apiKey, freeVisitor: keysEnabled && !signedIn && !apiKey };
}
