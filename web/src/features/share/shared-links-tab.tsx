import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, ExternalLink, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/ui/banner.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useCopy } from '../../components/use-copy.ts';
import { useFormatDateTime } from '../../locales/format-date.ts';
import { conversationTitle } from '../../state/display-title.ts';
import { shareApi, shareLinksQueryKey, shareUrl } from './share-api.ts';

/** Settings → Shared links: every link made, with its conversation, to open, copy or revoke (the page answers 404 at once). */
export function SharedLinksTab() {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const queryClient = useQueryClient();
  const { copied, copy } = useCopy();
  const links = useQuery({ queryKey: shareLinksQueryKey, queryFn: ({ signal }) => shareApi.list(signal) });
  const revoke = useMutation({ mutationFn: shareApi.revoke, onSuccess: () => queryClient.invalidateQueries({ queryKey: shareLinksQueryKey }) });

  return (
    <div className="space-y-3 px-1" data-testid="shared-links-tab">
      <p className="text-xs leading-relaxed text-neutral-500 dark:text-neutral-400">{t('share.tab_hint')}</p>
      {links.isError || revoke.isError ? <Banner>{t('share.failed')}</Banner> : null}
      {links.data?.length === 0 ? <p className="text-sm text-neutral-500 dark:text-neutral-400" data-testid="shared-links-empty">{t('share.empty')}</p> : null}
      {copied ? <p role="status" className="sr-only">{t('share.copied')}</p> : null}
      <ul className="divide-y divide-neutral-100 dark:divide-neutral-700/60" data-testid="shared-links">
        {links.data?.map((link) => {
          const title = conversationTitle(link.title, t);
          return (
            <li key={link.id} className="flex items-center justify-between gap-3 py-3" data-testid="shared-link">
              <div className="min-w-0 text-sm">
                <a href={`/share/${link.token}`} target="_blank" rel="noreferrer" className="inline-flex max-w-full items-center gap-1 font-medium text-neutral-800 hover:underline dark:text-neutral-200">
                  <span className="truncate">{title}</span>
                  <ExternalLink aria-hidden className="size-3.5 shrink-0" />
                </a>
                <p className="text-xs text-neutral-500 dark:text-neutral-400">{t('share.created', { date: formatDate(link.createdAt) })}</p>
              </div>
              <div className="flex shrink-0 gap-1.5">
                <button type="button" className={buttonClasses('secondary', 'icon')} aria-label={t('share.copy_named', { title })} onClick={() => copy(shareUrl(link.token))}>
                  <Copy aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  className={buttonClasses('secondary', 'sm', 'text-red-600 hover:text-red-700 dark:text-red-400')}
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(link.id)}
                  data-testid="shared-link-revoke"
                >
                  <Trash2 aria-hidden className="size-4" />
                  {t('share.revoke')}
                  <span className="sr-only">{title}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
