import type { Plugin } from '@parley/core';
import { Calculator, Database, Globe, Image, Palette, Plug, Search, SearchCode, Sigma } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { pluginDescription, pluginName, usePluginTranslation } from './plugin-text.ts';

const icons: Record<string, typeof Plug> = {
  calculator: Calculator,
  globe: Globe,
  search: Search,
  'search-code': SearchCode,
  sigma: Sigma,
  image: Image,
  palette: Palette,
  database: Database,
};

export interface PluginCardProps {
  plugin: Plugin;
  installed: boolean;
  busy: boolean;
  onInstall(): void;
  onUninstall(): void;
}

/** One plugin of the store: icon, name, description, its MCP tools, and install or uninstall. */
export function PluginCard({ plugin, installed, busy, onInstall, onUninstall }: PluginCardProps) {
  const { t } = usePluginTranslation();
  const Icon = icons[plugin.icon ?? ''] ?? Plug;
  const name = pluginName(t, plugin);
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-xl border border-neutral-200 p-4 dark:border-neutral-700" data-testid={`plugin-${plugin.pluginKey}`}>
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300">
          <Icon aria-hidden className="size-5" />
        </span>
        <h3 className="min-w-0 truncate font-semibold">{name}</h3>
      </div>
      <p className="line-clamp-3 min-h-[3.75rem] text-sm text-neutral-600 dark:text-neutral-300">{pluginDescription(t, plugin)}</p>
      {plugin.tools && plugin.tools.length > 0 ? (
        <Tooltip label={plugin.tools.join(', ')}>
          <p className="truncate text-xs text-neutral-500 dark:text-neutral-400">
            {t('plugins.tools', { tools: plugin.tools.join(', ') })}
          </p>
        </Tooltip>
      ) : null}
      <div className="mt-auto">
        {installed ? (
          <Button variant="secondary" size="sm" disabled={busy} onClick={onUninstall} aria-label={t('plugins.uninstall_named', { name })}>
            {t('plugins.uninstall')}
          </Button>
        ) : (
          <Button size="sm" disabled={busy} onClick={onInstall} aria-label={t('plugins.install_named', { name })}>
            {t('plugins.install')}
          </Button>
        )}
      </div>
    </li>
  );
}
