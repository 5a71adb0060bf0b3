import type { CreatedApiToken } from '@parley/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/ui/banner.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useFormatDateTime } from '../../locales/format-date.ts';
import { useCopy } from '../../components/use-copy.ts';
import { apiTokensApi, apiTokensQueryKey } from './api-tokens-api.ts';
import { NewTokenForm } from './new-token-form.tsx';

/**
 * Settings → API tokens: the account's tokens for other apps (the `/v1` API at this server's
 * address), made here and shown once, listed by name and prefix, revoked with one click.
 */
export function ApiTokensTab() {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: apiTokensQueryKey, queryFn: ({ signal }) => apiTokensApi.list(signal) });
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const { copied, copy } = useCopy();
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey });
  const create = useMutation({ mutationFn: apiTokensApi.create, onSuccess: (token) => (setCreated(token), refresh()) });
  const revoke = useMutation({ mutationFn: apiTokensApi.revoke, onSuccess: refresh });
  const baseUrl = `${window.location.origin}/v1`;

  return (
    <div className="space-y-4 px-1" data-testid="api-tokens-tab">
      <p className="text-xs leading-relaxed text-neutral-500 dark:text-neutral-400">{t('settings.tokens.hint', { baseUrl })}</p>
      <NewTokenForm busy={create.isPending} onCreate={(body) => create.mutate(body)} />
      {created ? (
        <Banner tone="success" data-testid="api-token-created">
          <p>{t('settings.tokens.created_once')}</p>
          <div className="mt-2 flex items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded bg-white/60 px-2 py-1 text-xs dark:bg-black/30" data-testid="api-token-secret">
              {created.token}
            </code>
            <button type="button" onClick={() => copy(created.token)} className={buttonClasses('secondary', 'sm')}>
              <Copy aria-hidden className="size-4" />
              {copied ? t('settings.tokens.copied') : t('settings.tokens.copy')}
            </button>
          </div>
        </Banner>
      ) : null}
      {create.isError || revoke.isError || tokens.isError ? <Banner data-testid="api-token-failed">{t('settings.tokens.failed')}</Banner> : null}
      {tokens.data?.length === 0 ? <p className="text-sm text-neutral-500 dark:text-neutral-400">{t('settings.tokens.empty')}</p> : null}
      <ul className="divide-y divide-neutral-100 dark:divide-neutral-700/60" data-testid="api-token-list">
        {tokens.data?.map((token) => (
          <li key={token.id} className="flex items-center justify-between gap-3 py-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium text-neutral-800 dark:text-neutral-200">
                {token.name} <span className="font-mono text-xs text-neutral-500">{token.prefix}…</span>
              </p>
              <p className="text-xs text-neutral-500 dark:text-neutral-400">
                {token.models ? token.models.join(', ') : t('settings.tokens.all_models')} ·{' '}
                {token.expiresAt ? t('settings.tokens.expires_at', { date: formatDate(token.expiresAt) }) : t('settings.tokens.never_expires')} ·{' '}
                {token.lastUsedAt ? t('settings.tokens.last_used', { date: formatDate(token.lastUsedAt) }) : t('settings.tokens.never_used')}
              </p>
            </div>
            <button
              type="button"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(token.id)}
              className={buttonClasses('secondary', 'sm', 'text-red-600 hover:text-red-700 dark:text-red-400')}
              data-testid="api-token-revoke"
            >
              <Trash2 aria-hidden className="size-4" />
              {t('settings.tokens.revoke')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
