import type { InsufficientQuotaError } from '@parley/core';
import { Coins, KeyRound, RefreshCcw, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/use-startup-config.ts';
import { Button } from '../../components/ui/button.tsx';
import { useAccessDialogs } from './access-dialogs-store.ts';
import { KeyLinks } from './key-links.tsx';
import { useAccess } from '../../state/use-access.ts';

/**
 * Under an `insufficient_quota` chat error, the action that helps with its reason: a key that ran
 * low tops up, an expired key is renewed, a visitor whose free calls are spent (or who picked a
 * model they do not cover) buys or enters a key.
 */
export function QuotaErrorActions({ reason }: { reason: InsufficientQuotaError['reason'] | undefined }) {
  const { t } = useTranslation();
  const { keysEnabled, apiKey } = useAccess();
  const paymentsEnabled = useStartupConfig().data?.paymentsEnabled === true;
  const show = useAccessDialogs((s) => s.show);
  if (!keysEnabled) return null;
  if (apiKey) {
    return (
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        {reason === 'key_expired' ? (
          <Button size="sm" variant="secondary" onClick={() => show('buy', apiKey)} data-testid="error-renew">
            <RefreshCcw aria-hidden className="size-4" />
            {t('buy.renew_action')}
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => show('quota')} data-testid="error-top-up">
            <Coins aria-hidden className="size-4" />
            {t('buy.top_up')}
          </Button>
        )}
      </div>
    );
  }
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
      {paymentsEnabled ? (
        <Button size="sm" onClick={() => show('buy')} data-testid="error-buy-key">
          <ShoppingCart aria-hidden className="size-4" />
          {t('buy.action')}
        </Button>
      ) : null}
      <Button size="sm" variant="secondary" onClick={() => show('key')} data-testid="error-enter-key">
        <KeyRound aria-hidden className="size-4" />
        {t('access.menu.enter_key')}
      </Button>
      <KeyLinks />
    </div>
  );
}
