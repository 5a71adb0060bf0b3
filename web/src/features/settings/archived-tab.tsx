import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArchiveRestore, ChevronLeft, ChevronRight, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { archivedQueryKey, conversationsApi, conversationsQueryKey } from '../../api/conversations-api.ts';
import { Banner } from '../../components/ui/banner.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useFormatDateTime } from '../../locales/format-date.ts';
import { conversationTitle } from '../../state/display-title.ts';
import { useSettingsDialog } from './settings-store.ts';

/**
 * Settings → Archived: the conversations archived from the sidebar, newest archived first, 25 a
 * page, each to open, bring back to the sidebar or delete. Search still finds them.
 */
export function ArchivedTab() {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const queryClient = useQueryClient();
  const closeSettings = useSettingsDialog((s) => s.setOpen);
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  const archived = useQuery({ queryKey: [...archivedQueryKey, page], queryFn: ({ signal }) => conversationsApi.archived(page, signal) });
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: archivedQueryKey }), queryClient.invalidateQueries({ queryKey: conversationsQueryKey })]);
  const restore = useMutation({ mutationFn: (id: string) => conversationsApi.archive(id, false), onSuccess: refresh });
  const remove = useMutation({ mutationFn: conversationsApi.remove, onSuccess: () => (setDeleting(null), refresh()) });
  const list = archived.data?.conversations ?? [];
  const pages = archived.data?.pages ?? 1;

  return (
    <div className="space-y-3 px-1" data-testid="archived-tab">
      <p className="text-xs leading-relaxed text-neutral-500 dark:text-neutral-400">{t('archive.hint')}</p>
      {archived.isError || restore.isError || remove.isError ? <Banner>{t('settings.data.failed')}</Banner> : null}
      {archived.data && list.length === 0 ? <p className="text-sm text-neutral-500 dark:text-neutral-400" data-testid="archived-empty">{t('archive.empty')}</p> : null}
      <ul className="divide-y divide-neutral-100 dark:divide-neutral-700/60" data-testid="archived-list">
        {list.map((conversation) => {
          const title = conversationTitle(conversation.title, t);
          return (
            <li key={conversation.conversationId} className="flex items-center justify-between gap-3 py-3" data-testid="archived-item">
              <div className="min-w-0 text-sm">
                <Link to={`/chat/${conversation.conversationId}`} onClick={() => closeSettings(false)} className="block truncate font-medium text-neutral-800 hover:underline dark:text-neutral-200">
                  {title}
                </Link>
                <p className="text-xs text-neutral-500 dark:text-neutral-400">{formatDate(conversation.createdAt)}</p>
              </div>
              <div className="flex shrink-0 gap-1.5">
                <button type="button" className={buttonClasses('secondary', 'sm')} disabled={restore.isPending} onClick={() => restore.mutate(conversation.conversationId)} data-testid="archived-restore">
                  <ArchiveRestore aria-hidden className="size-4" />
                  <span className="max-sm:sr-only">{t('archive.restore')}</span>
                  <span className="sr-only">{title}</span>
                </button>
                <button
                  type="button"
                  className={buttonClasses('secondary', 'sm', 'text-red-600 hover:text-red-700 dark:text-red-400')}
                  onClick={() => setDeleting({ id: conversation.conversationId, title })}
                  data-testid="archived-delete"
                >
                  <Trash2 aria-hidden className="size-4" />
                  <span className="max-sm:sr-only">{t('conversations.delete')}</span>
                  <span className="sr-only">{title}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {pages > 1 ? (
        <div className="flex items-center justify-end gap-2 text-xs text-neutral-500 dark:text-neutral-400">
          <button type="button" className={buttonClasses('ghost', 'icon')} disabled={page <= 1} onClick={() => setPage(page - 1)} aria-label={t('conversations.previous_page')}>
            <ChevronLeft aria-hidden className="size-4" />
          </button>
          {page} / {pages}
          <button type="button" className={buttonClasses('ghost', 'icon')} disabled={page >= pages} onClick={() => setPage(page + 1)} aria-label={t('conversations.next_page')}>
            <ChevronRight aria-hidden className="size-4" />
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('conversations.delete_title')}
        description={deleting ? t('conversations.delete_body', { title: deleting.title }) : ''}
        confirmLabel={t('conversations.delete')}
        busy={remove.isPending}
        busyLabel={t('conversations.deleting')}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onOpenChange={(open) => !open && setDeleting(null)}
      />
    </div>
  );
}
