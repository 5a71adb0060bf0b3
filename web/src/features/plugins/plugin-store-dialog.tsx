import type { Plugin } from '@parley/core';
import { useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useLayoutEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/api-error.ts';
import { Banner } from '../../components/ui/banner.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useDelayedError } from '../auth/use-delayed-error.ts';
import { Paginator } from '../conversations/paginator.tsx';
import { PluginAuthForm } from './plugin-auth-form.tsx';
import { PluginCard } from './plugin-card.tsx';
import { usePluginStore } from './plugin-store-state.ts';
import { pluginDescription, pluginName, usePluginTranslation } from './plugin-text.ts';
import { pluginsApi, pluginsQueryKey, useInstalledPlugins, usePlugins, userPluginsQueryKey } from './plugins-api.ts';
import { storeColumns, storePageSize } from './store-page-size.ts';
import { dropUninstalledTool } from './use-plugin-tools.ts';

const BANNER_MS = 5000;
const gridColumns = ['grid-cols-1', 'grid-cols-1', 'grid-cols-2', 'grid-cols-3', 'grid-cols-4'];

/** The grid's width; a callback ref, since the dialog mounts its content after the first effect. */
function useGridWidth() {
  const [element, ref] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(1024);
  useLayoutEffect(() => {
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return { ref, width };
}

/** Finds a plugin by the words the reader sees (its translated name and description) or by the server's English ones. */
const matches = (t: TFunction, plugin: Plugin, search: string) =>
  [pluginName(t, plugin), pluginDescription(t, plugin), plugin.name, plugin.description].join(' ').toLowerCase().includes(search.trim().toLowerCase());

/** The plugin store 插件商店 (SPEC points 5, 8, 9): search, pages, install straight or through the auth form, uninstall. */
export function PluginStoreDialog() {
  const { t } = usePluginTranslation();
  const { open, setOpen } = usePluginStore();
  const queryClient = useQueryClient();
  const plugins = usePlugins(open).data ?? [];
  const installed = useInstalledPlugins().data ?? [];
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [authFor, setAuthFor] = useState<Plugin | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const banner = useDelayedError(0, BANNER_MS);
  const { ref, width } = useGridWidth();

  const shown = plugins.filter((p) => matches(t, p, search));
  const size = storePageSize(width);
  const pages = Math.max(1, Math.ceil(shown.length / size));
  const current = Math.min(page, pages);
  const onPage = shown.slice((current - 1) * size, current * size);

  const update = async (plugin: Plugin, action: 'install' | 'uninstall', auth: Record<string, string> | null) => {
    setBusy(plugin.pluginKey);
    try {
      const answer = await pluginsApi.update({ pluginKey: plugin.pluginKey, action, auth });
      if (action === 'uninstall') dropUninstalledTool(plugin.pluginKey);
      queryClient.setQueryData(userPluginsQueryKey, answer.plugins);
      setAuthFor(null);
      await queryClient.invalidateQueries({ queryKey: pluginsQueryKey });
    } catch (error) {
      const reason = error instanceof ApiError ? error.message : '';
      banner.show(`${pluginName(t, plugin)}: ${t('plugins.auth_error')}${reason ? ` ${reason}` : ''}`);
    } finally {
      setBusy(null);
    }
  };
  const install = (plugin: Plugin) => {
    if (plugin.authConfig.length === 0 || plugin.authenticated) void update(plugin, 'install', null);
    else setAuthFor(plugin);
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent title={t('plugins.store')} closeLabel={t('common.close')} className="max-w-5xl" data-testid="plugin-store">
        <div className="flex min-h-0 flex-col gap-4 overflow-y-auto px-6 py-5">
          {banner.error ? <Banner data-testid="plugin-auth-error">{banner.error}</Banner> : null}
          {authFor ? (
            <section className="rounded-xl border border-neutral-200 p-4 dark:border-neutral-700">
              <h3 className="mb-3 font-semibold">{t('plugins.auth_title', { name: pluginName(t, authFor) })}</h3>
              <PluginAuthForm plugin={authFor} submitting={busy === authFor.pluginKey} onSubmit={(auth) => void update(authFor, 'install', auth)} onCancel={() => setAuthFor(null)} />
            </section>
          ) : null}
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-neutral-400" />
            <Input
              type="search"
              className="pl-10"
              placeholder={t('plugins.search')}
              aria-label={t('plugins.search')}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
            />
          </div>
          <div ref={ref}>
            {onPage.length === 0 ? (
              <p className="py-10 text-center text-sm text-neutral-500 dark:text-neutral-400">{t('plugins.none_found')}</p>
            ) : (
              <ul className={`grid gap-3 ${gridColumns[storeColumns(width)]}`}>
                {onPage.map((plugin) => (
                  <PluginCard
                    key={plugin.pluginKey}
                    plugin={plugin}
                    installed={installed.includes(plugin.pluginKey)}
                    busy={busy === plugin.pluginKey}
                    onInstall={() => install(plugin)}
                    onUninstall={() => void update(plugin, 'uninstall', null)}
                  />
                ))}
              </ul>
            )}
          </div>
          {pages > 1 ? <Paginator page={current} total={pages} onPrevious={() => setPage(current - 1)} onNext={() => setPage(current + 1)} /> : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
