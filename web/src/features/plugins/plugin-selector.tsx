import { Puzzle } from 'lucide-react';
import { usePluginStore } from './plugin-store-state.ts';
import { pluginName, usePluginTranslation } from './plugin-text.ts';
import { useInstalledPlugins, usePlugins } from './plugins-api.ts';
import { setSelectedTools, useSelectedTools } from './use-plugin-tools.ts';

/** The special choice that opens the store instead of choosing a tool (SPEC point 5). */
const PLUGIN_STORE_VALUE = 'pluginStore';
const NONE = '';

/** The options bar's plugin selector for gptPlugins: one installed tool at a time, or the store. */
export function PluginSelector({ disabled }: { disabled: boolean }) {
  const { t } = usePluginTranslation();
  const installed = useInstalledPlugins().data ?? [];
  const names = new Map((usePlugins().data ?? []).map((p) => [p.pluginKey, pluginName(t, p)]));
  const selected = useSelectedTools()[0] ?? NONE;
  const openStore = usePluginStore((s) => s.setOpen);
  const choose = (value: string) => {
    if (value === PLUGIN_STORE_VALUE) openStore(true);
    else setSelectedTools(value === NONE ? [] : [value]);
  };
  return (
    <label className="flex min-w-0 items-center gap-1.5 rounded-lg px-2 py-1 text-sm text-neutral-700 hover:bg-neutral-100 dark:text-neutral-200 dark:hover:bg-neutral-800">
      <Puzzle aria-hidden className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
      <span className="sr-only">{t('plugins.selector')}</span>
      <select
        className="min-w-0 max-w-40 cursor-pointer truncate bg-transparent focus:outline-none"
        value={selected}
        disabled={disabled}
        onChange={(e) => choose(e.target.value)}
        data-testid="plugin-selector"
      >
        <option value={NONE}>{t('plugins.no_tool')}</option>
        {installed.map((key) => (
          <option key={key} value={key}>
            {names.get(key) ?? key}
          </option>
        ))}
        <option value={PLUGIN_STORE_VALUE}>{t('plugins.store')}…</option>
      </select>
    </label>
  );
}
