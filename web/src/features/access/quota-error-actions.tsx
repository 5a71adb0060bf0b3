import { Coins, KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { useAccessDialogs } from './access-dialogs-store.ts';
import { KeyLinks } from './key-links.tsx';
import { useAccess } from '../../state/use-access.ts';

/**
 * Under an `insufficient_quota` chat error (SPEC point 8: "set your own key"; errors about buying
 * a key render the buy link): a key holder tops up, a visitor on the free allowance enters a key.
 */
export function QuotaErrorActions() {
  const { t } = useTranslation();
  const { keysEnabled, apiKey } = useAccess();
  const show = useAccessDialogs((s) => s.show);
  if (!keysEnabled) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
      {apiKey ? (
        <Button size="sm" variant="secondary" onClick={() => show('quota')} data-testid="error-top-up">
          <Coins aria-hidden className="size-4" />
          {t('quota.title')}
        </Button>
      ) : (
        <>
          <Button size="sm" variant="secondary" onClick={() => show('key')} data-testid="error-enter-key">
            <KeyRound aria-hidden className="size-4" />
            {t('access.menu.enter_key')}
          </Button>
          <KeyLinks />
        </>
      )}
    </div>
  );
}
