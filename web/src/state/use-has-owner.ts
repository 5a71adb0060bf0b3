import { useStartupConfig } from '../api/use-startup-config.ts';
import { useAuthStore } from './auth-store.ts';

/**
 * Whether this visitor owns data the server will list (conversations, presets, search): a
 * signed-in account, or where access keys exist, a key holder or a free visitor (whose
 * conversations live under the visitor cookie). SPEC point 4: those queries wait for it.
 */
export function useHasOwner(): boolean {
  const status = useAuthStore((s) => s.status);
  const mode = useStartupConfig().data?.accessMode;
  if (status === 'authenticated') return true;
  return status === 'anonymous' && mode !== undefined && mode !== 'accounts';
}
