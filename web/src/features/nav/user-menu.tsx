import { ChevronsUpDown, Download, LogOut, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { logout } from '../auth/session-actions.ts';
import { useExportDialog } from '../export/export-store.ts';
import { useExportTarget } from '../export/use-export-target.ts';
import { useSettingsDialog } from '../settings/settings-store.ts';
import { useNavStore } from './nav-store.ts';
import { UserAvatar } from './user-avatar.tsx';

/** The sidebar footer: the signed-in user, opening a menu upward (SPEC point 2). */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const openSettings = useSettingsDialog((s) => s.openSettings);
  const closeDrawer = useNavStore((s) => s.closeDrawer);
  const exportTarget = useExportTarget();
  const openExport = useExportDialog((s) => s.openExport);
  const shown = user ?? { name: t('nav.guest'), avatar: null };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-testid="user-menu"
        aria-label={t('nav.user_menu')}
        className="flex w-full cursor-pointer items-center gap-3 rounded-xl px-2.5 py-2 text-left text-sm transition-colors hover:bg-neutral-200/70 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500/60 data-[state=open]:bg-neutral-200/70 dark:hover:bg-neutral-800 dark:data-[state=open]:bg-neutral-800"
      >
        <UserAvatar user={shown} />
        <span className="min-w-0 flex-1 truncate font-medium text-neutral-800 dark:text-neutral-100" data-testid="user-name">
          {shown.name}
        </span>
        <ChevronsUpDown aria-hidden className="size-4 shrink-0 text-neutral-400" />
      </DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="start">
        {user ? (
          <div className="truncate px-3 pb-2 pt-1.5 text-xs text-neutral-500 dark:text-neutral-400">{user.email}</div>
        ) : null}
        <DropdownMenuItem
          data-testid="export-open"
          disabled={!exportTarget}
          onSelect={() => {
            if (!exportTarget) return;
            closeDrawer();
            openExport(exportTarget);
          }}
        >
          <Download aria-hidden className="size-4" />
          {t('export.menu')}
        </DropdownMenuItem>
        <DropdownMenuItem data-testid="open-settings" onSelect={() => {
            closeDrawer();
            openSettings();
          }}>
          <Settings aria-hidden className="size-4" />
          {t('nav.settings')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          data-testid="logout"
          onSelect={() => {
            void logout().then(() => navigate('/login', { replace: true }));
          }}
        >
          <LogOut aria-hidden className="size-4" />
          {t('nav.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
