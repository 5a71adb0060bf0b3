import { adminUserStatuses, type AdminUser } from '@parley/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsoleActor } from '../../components/console/console-actor.ts';
import { ConsolePage } from '../../components/console/console-page.tsx';
import { DataTable, type Column } from '../../components/console/data-table.tsx';
import { useConsoleList } from '../../components/console/use-console-list.ts';
import { Select } from '../../components/ui/select.tsx';
import { errorText } from '../../locales/error-text.ts';
import { useFormatDateTime } from '../../locales/format-date.ts';
import { BanDialog } from './ban-dialog.tsx';
import { CreditsDialog } from './credits-dialog.tsx';
import { DeleteUserDialog } from './delete-user-dialog.tsx';
import { ResetLinkDialog } from './reset-link-dialog.tsx';
import { UserActionsMenu, type UserDialog } from './user-actions-menu.tsx';
import { UserState } from './user-state.tsx';
import { fetchUsersPage, setUserRole, unbanUser } from './users-api.ts';
import { useUserChange } from './use-user-change.ts';

const dialogs = { ban: BanDialog, credits: CreditsDialog, reset: ResetLinkDialog, delete: DeleteUserDialog } as const;

/** The accounts: search, standing, credits, and what an admin may do to each. */
export function UsersPage() {
  const actor = useConsoleActor();
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const list = useConsoleList('users', fetchUsersPage, { status: 'all' });
  const [open, setOpen] = useState<{ dialog: UserDialog; user: AdminUser } | null>(null);
  const unban = useUserChange((user: AdminUser) => unbanUser(user.id), (user) => t('admin:users.unbanned_toast', { email: user.email }), undefined, true);
  const role = useUserChange(
    ({ user, to }: { user: AdminUser; to: AdminUser['role'] }) => setUserRole(user.id, to),
    (user) => t(user.role === 'admin' ? 'admin:users.promoted_toast' : 'admin:users.demoted_toast', { email: user.email }),
    undefined,
    true,
  );
  const selfId = actor.kind === 'account' ? actor.userId : undefined;

  const columns: Column<AdminUser>[] = [
    {
      id: 'user',
      header: t('admin:users.user'),
      cell: (u) => (
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-medium text-neutral-900 dark:text-neutral-100">{u.name}</span>
          <span className="truncate text-xs text-neutral-500 dark:text-neutral-400">{u.email}</span>
        </span>
      ),
    },
    { id: 'role', header: t('admin:users.role'), cell: (u) => (u.role === 'admin' ? t('admin:users.roles.admin') : t('admin:users.roles.user')) },
    { id: 'state', header: t('admin:users.state'), cell: (u) => <UserState user={u} /> },
    { id: 'credits', header: t('admin:users.credits'), cell: (u) => <span className="tabular-nums">{u.balance === null ? '—' : u.balance.toLocaleString()}</span>, className: 'md:text-right' },
    { id: 'joined', header: t('admin:users.joined'), cell: (u) => <time dateTime={u.createdAt} className="whitespace-nowrap">{formatDate(u.createdAt)}</time> },
  ];
  const Dialog = open ? dialogs[open.dialog] : null;

  return (
    <ConsolePage title={t('admin:sections.users')} description={t('admin:users.description')} data-testid="users-page">
      <DataTable
        label={t('admin:sections.users')}
        columns={columns}
        rows={list.rows}
        rowKey={(u) => u.id}
        total={list.total}
        paging={list.paging}
        loading={list.query.isFetching}
        error={list.query.error ? errorText(t, list.query.error) : null}
        empty={t('admin:users.empty')}
        search={{ ...list.search, placeholder: t('admin:users.search') }}
        filters={
          <Select
            aria-label={t('admin:users.state')}
            value={list.filters.status ?? 'all'}
            onValueChange={(value) => list.setFilter('status', value)}
            options={adminUserStatuses.map((value) => ({ value, label: t(`admin:users.statuses.${value}`) }))}
            data-testid="users-status"
          />
        }
        rowActions={(user) => (
          <UserActionsMenu
            user={user}
            self={user.id === selfId}
            open={(dialog) => setOpen({ dialog, user })}
            unban={() => unban.mutate(user)}
            setRole={(to) => role.mutate({ user, to })}
          />
        )}
        data-testid="users-table"
      />
      {Dialog && open ? <Dialog key={`${open.dialog}-${open.user.id}`} user={open.user} onClose={() => setOpen(null)} /> : null}
    </ConsolePage>
  );
}
