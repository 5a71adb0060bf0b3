import { KeyRound, LogIn, Settings, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStartupConfig } from '../../api/use-startup-config.ts';
import { Button } from '../../components/ui/button.tsx';
import { BalanceLine } from '../balance/balance-line.tsx';
import { useNavStore } from '../../state/nav-store.ts';
import { useSettingsDialog } from '../settings/settings-store.ts';
import { useAccessDialogs } from './access-dialogs-store.ts';
import { KeyLinks } from './key-links.tsx';
import { useAccess } from '../../state/use-access.ts';

/**
 * The sidebar footer of a visitor without a key (SPEC point 1): buying a key here (when payments
 * are on), the buy-key and look-up-key links instead of the user menu, the way to enter a key, and the settings (theme, language) that
 * every visitor keeps; in `both` mode also the sign-in page.
 */
export function KeylessFooter() {
  const { t } = useTranslation();
  const { mode } = useAccess();
  const paymentsEnabled = useStartupConfig().data?.paymentsEnabled === true;
  const showAccessDialog = useAccessDialogs((s) => s.show);
  const openSettings = useSettingsDialog((s) => s.openSettings);
  const closeDrawer = useNavStore((s) => s.closeDrawer);
  const run = (action: () => void) => () => {
    closeDrawer();
    action();
  };
  return (
    <div className="space-y-2.5 p-1" data-testid="keyless-footer">
      <div className="flex items-center gap-1.5">
        <Button variant="secondary" size="sm" className="flex-1 justify-start" onClick={run(() => showAccessDialog('key'))} data-testid="enter-key">
          <KeyRound aria-hidden className="size-4" />
          {t('access.menu.enter_key')}
        </Button>
        <Button variant="ghost" size="icon" aria-label={t('nav.settings')} onClick={run(() => openSettings())} data-testid="open-settings">
          <Settings aria-hidden className="size-4" />
        </Button>
      </div>
      {paymentsEnabled ? (
        <Button size="sm" className="w-full justify-start" onClick={run(() => showAccessDialog('buy'))} data-testid="sidebar-buy-key">
          <ShoppingCart aria-hidden className="size-4" />
          {t('buy.action')}
        </Button>
      ) : null}
      <BalanceLine className="px-1.5 text-xs text-neutral-500 dark:text-neutral-400" />
      <KeyLinks className="px-1.5" />
      {mode === 'both' ? (
        <Link to="/login" className="flex items-center gap-1.5 px-1.5 text-sm text-neutral-600 underline-offset-4 hover:underline dark:text-neutral-300" data-testid="keyless-sign-in">
          <LogIn aria-hidden className="size-4" />
          {t('access.welcome.sign_in')}
        </Link>
      ) : null}
    </div>
  );
}
