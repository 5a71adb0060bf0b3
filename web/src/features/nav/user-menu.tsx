import { ChartColumn, ChevronsUpDown, Coins, Download, KeyRound, LogOut, Settings, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStartupConfig } from '../../api/use-startup-config.ts';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { maskAccessKey } from '../access/access-key.ts';
import { useAccessDialogs } from '../access/access-dialogs-store.ts';
import { KeylessFooter } from '../access/keyless-footer.tsx';
import { useAccess } from '../../state/use-access.ts';
import { useAuthStore } from '../../state/auth-store.ts';
import { logout } from '../auth/session-actions.ts';
import { BalanceLine } from '../balance/balance-line.tsx';
import { useExportDialog } from '../../state/export-store.ts';
import { useExportTarget } from '../export/use-export-target.ts';
import { useSettingsDialog } from '../settings/settings-store.ts';
import { useNavStore } from '../../state/nav-store.ts';
import { UserAvatar } from './user-avatar.tsx';

/**
 * The sidebar footer (SPEC points 1 and 2): the user-centre menu, opening upward, for a signed-in
 * account or a stored access key; without either (free visitors where keys exist) the links to
 * buy and look up a key take its place.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const access = useAccess();
  const config = useStartupConfig().data;
  // An account that pays with credits buys more here, when the server takes payments.
  const creditsOnSale = config?.checkBalance === true && config.paymentsEnabled;
  const openSettings = useSettingsDialog((s) => s.openSettings);
  const showAccessDialog = useAccessDialogs((s) => s.show);
  const closeDrawer = useNavStore((s) => s.closeDrawer);
  const exportTarget = useExportTarget();
  const openExport = useExportDialog((s) => s.openExport);
  if (access.freeVisitor) return <KeylessFooter />;

  const { apiKey } = access;
  const shown = user ?? { name: apiKey ? t('access.menu.key_owner') : t('nav.guest'), avatar: null };
  const caption = user?.email ?? (apiKey ? maskAccessKey(apiKey) : null);
  const run = (action: () => void) => () => {
    closeDrawer();
    action();
  };

  return (
    <div className="space-y-1">
      <DropdownMenu>
        <DropdownMenuTrigger
          data-testid="user-menu"
          className="flex w-full cursor-pointer items-center gap-3 rounded-xl px-2.5 py-2 text-left text-sm transition-colors hover:bg-neutral-200/70 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500/60 data-[state=open]:bg-neutral-200/70 dark:hover:bg-neutral-800 dark:data-[state=open]:bg-neutral-800"
        >
          {apiKey ? (
            <span aria-hidden className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-white">
              <KeyRound className="size-4" />
            </span>
          ) : (
            <UserAvatar user={shown} />
          )}
          <span className="sr-only">{t('nav.user_menu')}: </span>
          <span className="min-w-0 flex-1 truncate font-medium text-neutral-800 dark:text-neutral-100" data-testid="user-name">
            {shown.name}
          </span>
          <ChevronsUpDown aria-hidden className="size-4 shrink-0 text-neutral-400" />
        </DropdownMenuTrigger>
        <DropdownMenuContent side="top" align="start">
          {caption ? (
            <div className="truncate px-3 pb-2 pt-1.5 text-xs text-neutral-500 dark:text-neutral-400" data-testid="user-caption">
              {caption}
            </div>
          ) : null}
          {caption ? <DropdownMenuSeparator /> : null}
          <DropdownMenuItem
            data-testid="export-open"
            disabled={!exportTarget}
            onSelect={run(() => exportTarget && openExport(exportTarget))}
          >
            <Download aria-hidden className="size-4" />
            {t('export.menu')}
          </DropdownMenuItem>
          {apiKey || user ? (
            <DropdownMenuItem data-testid="open-my-usage" onSelect={run(() => navigate('/usage'))}>
              <ChartColumn aria-hidden className="size-4" />
              {t('my_usage.title')}
            </DropdownMenuItem>
          ) : null}
          {!apiKey && user && creditsOnSale ? (
            <DropdownMenuItem data-testid="open-credits" onSelect={run(() => showAccessDialog('quota'))}>
              <Coins aria-hidden className="size-4" />
              {t('buy.credits_title')}
            </DropdownMenuItem>
          ) : null}
          {apiKey ? (
            <>
              <DropdownMenuItem data-testid="open-quota" onSelect={run(() => showAccessDialog('quota'))}>
                <Coins aria-hidden className="size-4" />
                {t('quota.title')}
              </DropdownMenuItem>
              <DropdownMenuItem data-testid="open-api-key" onSelect={run(() => showAccessDialog('key'))}>
                <KeyRound aria-hidden className="size-4" />
                {t('access.key_dialog.title')}
              </DropdownMenuItem>
            </>
          ) : null}
          <DropdownMenuItem data-testid="open-settings" onSelect={run(() => openSettings())}>
            <Settings aria-hidden className="size-4" />
            {t('nav.settings')}
          </DropdownMenuItem>
          {user?.role === 'admin' ? (
            <DropdownMenuItem data-testid="open-admin-console" onSelect={run(() => navigate('/admin'))}>
              <ShieldCheck aria-hidden className="size-4" />
              {t('nav.admin_console')}
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuSeparator />
          <DropdownMenuItem
            data-testid="logout"
            onSelect={() => {
              if (apiKey) run(() => showAccessDialog('forget'))();
              else void logout().then(() => navigate('/login', { replace: true }));
            }}
          >
            <LogOut aria-hidden className="size-4" />
            {t('nav.logout')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {/* What is left stays in sight, not a menu away: quota, or an account's credits. */}
      <BalanceLine className="px-3 pb-1 text-xs text-neutral-500 dark:text-neutral-400" />
    </div>
  );
}
