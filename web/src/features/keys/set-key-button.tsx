import type { EndpointName } from '@parley/core';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useKeyDialog } from './key-dialog-store.ts';

/** SPEC point 4: takes Send's place while the endpoint's user-provided key is missing or expired. */
export function SetKeyButton({ endpoint }: { endpoint: EndpointName }) {
  const { t } = useTranslation();
  const open = useKeyDialog((s) => s.open);
  return (
    <button
      type="button"
      onClick={() => open(endpoint)}
      data-testid="set-key-button"
      className="inline-flex h-10 shrink-0 cursor-pointer items-center gap-1.5 rounded-full bg-amber-500 px-3.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-amber-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-500/50 focus-visible:ring-offset-2 dark:bg-amber-600 dark:hover:bg-amber-500 dark:focus-visible:ring-offset-neutral-900"
    >
      <KeyRound aria-hidden className="size-4" />
      {t('keys.set_key')}
    </button>
  );
}
