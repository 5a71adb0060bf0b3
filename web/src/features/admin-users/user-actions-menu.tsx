import type { AdminUser } from '@parley/core';
import { Ban, Coins, KeyRound, MoreHorizontal, ShieldCheck, ShieldOff, Trash2, Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';

export type UserDialog = 'ban' | 'credits' | 'reset' | 'delete';

interface UserActionsMenuProps {
  user: AdminUser;
  /** The signed-in admin's own row: no ban, demotion or deletion. */
  self: boolean;
  open(dialog: UserDialog): void;
  unban(): void;
  setRole(role: AdminUser['role']): void;
}

/** A user row's actions, in a menu so the list stays one line per account on a phone too. */
export function UserActionsMenu({ user, self, open, unban, setRole }: UserActionsMenuProps) {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className={buttonClasses('ghost', 'icon')} aria-label={t('admin:users.actions_for', { email: user.email })} data-testid="user-actions">
        <MoreHorizontal aria-hidden className="size-4" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {user.bannedUntil ? (
          <DropdownMenuItem onSelect={unban} data-testid="user-unban">
            <Undo2 aria-hidden className="size-4" />
            {t('admin:users.unban')}
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem disabled={self} onSelect={() => open('ban')} data-testid="user-ban">
            <Ban aria-hidden className="size-4" />
            {t('admin:users.ban')}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => open('reset')} data-testid="user-reset-link">
          <KeyRound aria-hidden className="size-4" />
          {t('admin:users.reset_link')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => open('credits')} data-testid="user-credits">
          <Coins aria-hidden className="size-4" />
          {t('admin:users.add_credits')}
        </DropdownMenuItem>
        {user.role === 'admin' ? (
          <DropdownMenuItem disabled={self} onSelect={() => setRole('user')} data-testid="user-demote">
            <ShieldOff aria-hidden className="size-4" />
            {t('admin:users.demote')}
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={() => setRole('admin')} data-testid="user-promote">
            <ShieldCheck aria-hidden className="size-4" />
            {t('admin:users.promote')}
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={self} onSelect={() => open('delete')} className="text-red-600 dark:text-red-400" data-testid="user-delete">
          <Trash2 aria-hidden className="size-4" />
          {t('admin:users.delete')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
