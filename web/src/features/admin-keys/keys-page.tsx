import { KEY_STATES, type AdminKey } from '@parley/core';
import { useMutation } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../components/console/console-page.tsx';
import { DataTable, type Column } from '../../components/console/data-table.tsx';
import { PromptDialog } from '../../components/console/prompt-dialog.tsx';
import { StateBadge } from '../../components/console/state-badge.tsx';
import { useConsoleList } from '../../components/console/use-console-list.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Select } from '../../components/ui/select.tsx';
import { useToasts } from '../../components/ui/toast-store.ts';
import { errorText } from '../../locales/error-text.ts';
import { useFormatDateTime } from '../../locales/format-date.ts';
import { CreateKeysDialog } from './create-keys-dialog.tsx';
import { keysApi } from './keys-api.ts';

type Prompt = { key: AdminKey; action: 'quota' | 'extend' };
const tones = { active: 'green', revoked: 'grey', expired: 'amber' } as const;

/** Access keys: find them by note, state, coming expiry and quota left; make a batch; add quota, extend, revoke. */
export function KeysPage() {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDateTime();
  const toast = useToasts((s) => s.show);
  const list = useConsoleList('keys', keysApi.page, { state: '', expiresWithinDays: '', quotaAtMost: '' });
  const [creating, setCreating] = useState(false);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [revoking, setRevoking] = useState<AdminKey | null>(null);
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const refresh = () => void list.query.refetch();
  const change = useMutation({
    mutationFn: ({ key, action, value }: Prompt & { value: number }) => (action === 'quota' ? keysApi.addQuota(key.id, value) : keysApi.extend(key.id, value)),
    onSuccess: () => {
      setPrompt(null);
      refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (key: AdminKey) => keysApi.revoke(key.id),
    onSuccess: () => {
      setRevoking(null);
      refresh();
    },
    onError: (error) => toast(errorText(t, error)),
  });
  const filter = (name: string, label: string, options: { value: string; label: string }[]) => (
    <Select
      aria-label={label}
      value={list.filters[name] || 'all'}
      onValueChange={(value) => list.setFilter(name, value === 'all' ? '' : value)}
      options={[{ value: 'all', label }, ...options]}
      data-testid={`keys-filter-${name}`}
    />
  );

  const columns: Column<AdminKey>[] = [
    { id: 'key', header: t('admin-keys:columns.key'), cell: (k) => <code className="font-mono text-xs">{k.prefix}…</code> },
    { id: 'note', header: t('admin-keys:columns.note'), cell: (k) => <span className="break-words">{k.note ?? '—'}</span> },
    { id: 'state', header: t('admin-keys:columns.state'), cell: (k) => <StateBadge tone={tones[k.state]} label={t(`admin-keys:states.${k.state}`)} data-testid="key-state" /> },
    {
      id: 'quota',
      header: t('admin-keys:columns.quota'),
      cell: (k) => (
        <span className="flex flex-col tabular-nums">
          <span className="font-medium" data-testid="key-quota-left">{number(k.quota)}</span>
          <span className="text-xs text-neutral-500 dark:text-neutral-400">{t('admin-keys:used', { used: number(k.used) })}</span>
        </span>
      ),
    },
    { id: 'limits', header: t('admin-keys:columns.limits'), cell: (k) => <span className="text-xs">{[k.models?.join(', '), k.rpm ? t('admin-keys:rpm', { rpm: k.rpm }) : null].filter(Boolean).join(' · ') || t('admin-keys:no_limits')}</span> },
    { id: 'expires', header: t('admin-keys:columns.expires'), cell: (k) => <span className="whitespace-nowrap">{k.expiresAt ? formatDate(k.expiresAt) : t('admin-keys:never')}</span> },
    { id: 'created', header: t('admin-keys:columns.created'), cell: (k) => <span className="whitespace-nowrap">{formatDate(k.createdAt)}</span> },
  ];

  return (
    <ConsolePage
      title={t('admin-keys:title')}
      description={t('admin-keys:description')}
      actions={
        <Button onClick={() => setCreating(true)} data-testid="keys-new">
          <Plus aria-hidden className="size-4" />
          {t('admin-keys:new')}
        </Button>
      }
      data-testid="keys-page"
    >
      <DataTable
        label={t('admin-keys:title')}
        columns={columns}
        rows={list.rows}
        rowKey={(k) => k.id}
        total={list.total}
        paging={list.paging}
        loading={list.query.isFetching}
        error={list.query.error ? errorText(t, list.query.error) : null}
        empty={t('admin-keys:empty')}
        search={{ ...list.search, placeholder: t('admin-keys:search') }}
        filters={
          <>
            {filter('state', t('admin-keys:all_states'), KEY_STATES.map((s) => ({ value: s, label: t(`admin-keys:states.${s}`) })))}
            {filter('expiresWithinDays', t('admin-keys:any_expiry'), ['7', '30'].map((d) => ({ value: d, label: t('admin-keys:expiring', { days: d }) })))}
            {filter('quotaAtMost', t('admin-keys:any_quota'), ['0', '100', '1000'].map((q) => ({ value: q, label: t('admin-keys:quota_at_most', { quota: number(Number(q)) }) })))}
          </>
        }
        rowActions={(k) => (
          <span className="flex flex-wrap gap-1">
            <Button variant="ghost" size="sm" onClick={() => setPrompt({ key: k, action: 'quota' })} data-testid="key-add-quota">
              {t('admin-keys:add_quota')}
            </Button>
            {k.expiresAt ? (
              <Button variant="ghost" size="sm" onClick={() => setPrompt({ key: k, action: 'extend' })} data-testid="key-extend">
                {t('admin-keys:extend')}
              </Button>
            ) : null}
            {k.state !== 'revoked' ? (
              <Button variant="ghost" size="sm" className="text-red-700 dark:text-red-400" onClick={() => setRevoking(k)} data-testid="key-revoke">
                {t('admin-keys:revoke')}
              </Button>
            ) : null}
          </span>
        )}
        data-testid="keys-table"
      />
      <CreateKeysDialog open={creating} onOpenChange={setCreating} onCreated={refresh} />
      <PromptDialog
        open={prompt !== null}
        title={prompt ? t(prompt.action === 'quota' ? 'admin-keys:add_quota_title' : 'admin-keys:extend_title', { key: `${prompt.key.prefix}…` }) : ''}
        label={prompt?.action === 'extend' ? t('admin-keys:extend_days') : t('admin-keys:add_quota_amount')}
        confirmLabel={prompt?.action === 'extend' ? t('admin-keys:extend') : t('admin-keys:add_quota')}
        kind="number"
        busy={change.isPending}
        error={change.isError ? errorText(t, change.error) : null}
        onSubmit={(value) => prompt && change.mutate({ ...prompt, value: Number(value) })}
        onOpenChange={(open) => {
          if (!open) {
            setPrompt(null);
            change.reset();
          }
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t('admin-keys:revoke_title')}
        description={t('admin-keys:revoke_text', { key: `${revoking?.prefix ?? ''}…` })}
        confirmLabel={t('admin-keys:revoke')}
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onOpenChange={(open) => !open && setRevoking(null)}
      />
    </ConsolePage>
  );
}
