import type { AdminChannel, ChannelTestAnswer } from '@parley/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Power, PowerOff, Stethoscope } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../components/console/console-page.tsx';
import { DataTable, type Column } from '../../components/console/data-table.tsx';
import { Button } from '../../components/ui/button.tsx';
import { showToast } from '../../components/ui/toast-store.ts';
import { errorText } from '../../locales/error-text.ts';
import { ChannelState } from './channel-state.tsx';
import { ChannelTestDialog } from './channel-test-dialog.tsx';
import { fetchChannels, setChannelState, testChannel } from './channels-api.ts';

const channelsKey = ['admin', 'channels'] as const;

/** The upstream channels (CHANNELS_FILE and the `*_API_KEY` ones): their state, and enable, disable or test each. */
export function ChannelsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ queryKey: channelsKey, queryFn: fetchChannels });
  const [result, setResult] = useState<ChannelTestAnswer | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: channelsKey });
  const fail = (error: unknown) => showToast(errorText(t, error));
  const toggle = useMutation({
    mutationFn: (channel: AdminChannel) => setChannelState(channel.name, channel.state === 'disabled' ? 'enable' : 'disable'),
    onSuccess: async (channel) => {
      await refresh();
      showToast(t(channel.state === 'disabled' ? 'admin:channels.disabled_toast' : 'admin:channels.enabled_toast', { name: channel.name }), 'success');
    },
    onError: fail,
  });
  const test = useMutation({
    mutationFn: (channel: AdminChannel) => testChannel(channel.name),
    onSuccess: async (answer) => {
      await refresh();
      setResult(answer);
    },
    onError: fail,
  });
  const items = query.data?.items;

  const columns: Column<AdminChannel>[] = [
    {
      id: 'name',
      header: t('admin:channels.channel'),
      cell: (c) => (
        <span className="flex flex-col">
          <span className="font-medium text-neutral-900 dark:text-neutral-100">{c.name}</span>
          <span className="text-xs text-neutral-500 dark:text-neutral-400">{t(c.source === 'env' ? 'admin:channels.from_env' : 'admin:channels.from_file', { type: c.type })}</span>
        </span>
      ),
    },
    { id: 'state', header: t('admin:channels.state'), cell: (c) => <ChannelState channel={c} /> },
    { id: 'routing', header: t('admin:channels.routing'), cell: (c) => t('admin:channels.priority_weight', { priority: c.priority, weight: c.weight }) },
    { id: 'keys', header: t('admin:channels.keys'), cell: (c) => <span className="tabular-nums">{c.keys}</span> },
    { id: 'models', header: t('admin:channels.models'), cell: (c) => <span className="line-clamp-2 max-w-64 break-words text-xs">{c.models.length > 0 ? c.models.join(', ') : t('admin:channels.endpoint_models')}</span> },
  ];

  return (
    <ConsolePage title={t('admin:sections.channels')} description={t('admin:channels.description')} data-testid="channels-page">
      <DataTable
        label={t('admin:sections.channels')}
        columns={columns}
        rows={items}
        rowKey={(c) => c.name}
        total={items?.length ?? 0}
        paging={{ offset: 0, limit: Math.max(1, items?.length ?? 1), onOffset: () => undefined }}
        loading={query.isFetching}
        error={query.error ? errorText(t, query.error) : null}
        empty={t('admin:channels.empty')}
        rowActions={(channel) => (
          <span className="inline-flex gap-2">
            <Button variant="secondary" size="sm" disabled={test.isPending} onClick={() => test.mutate(channel)} data-testid="channel-test">
              <Stethoscope aria-hidden className="size-4" />
              {test.isPending && test.variables?.name === channel.name ? t('admin:channels.testing') : t('admin:channels.test')}
            </Button>
            <Button variant="secondary" size="sm" disabled={toggle.isPending} onClick={() => toggle.mutate(channel)} data-testid="channel-toggle">
              {channel.state === 'disabled' ? <Power aria-hidden className="size-4" /> : <PowerOff aria-hidden className="size-4" />}
              {channel.state === 'disabled' ? t('admin:channels.enable') : t('admin:channels.disable')}
            </Button>
          </span>
        )}
        data-testid="channels-table"
      />
      {result ? <ChannelTestDialog answer={result} onClose={() => setResult(null)} /> : null}
    </ConsolePage>
  );
}
