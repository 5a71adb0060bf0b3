import type { AdminUser } from '@parley/core';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../locales/format-date.ts';

const FOREVER_AFTER_MS = 50 * 365 * 86_400_000;

/** An account's standing: active, or banned (until when, and why). */
export function UserState({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  if (!user.bannedUntil) return <span className="inline-flex rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300">{t('admin:users.active')}</span>;
  const forever = new Date(user.bannedUntil).getTime() - Date.now() > FOREVER_AFTER_MS;
  return (
    <span className="inline-flex flex-col items-end gap-0.5 md:items-start" data-testid="user-banned">
      <span className="inline-flex rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700 dark:bg-red-500/15 dark:text-red-300">
        {forever ? t('admin:users.banned_forever') : t('admin:users.banned_until', { date: formatDate(user.bannedUntil) })}
      </span>
      {user.banReason ? <span className="max-w-56 truncate text-xs text-neutral-500 dark:text-neutral-400">{user.banReason}</span> : null}
    </span>
  );
}
