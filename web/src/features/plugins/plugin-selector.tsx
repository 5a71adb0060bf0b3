import { ChevronDown, Puzzle, Store } from 'lucide-react';
import { DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { usePluginStore } from './plugin-store-state.ts';
import { pluginName, usePluginTranslation } from './plugin-text.ts';
import { useInstalledPlugins, usePlugins } from './plugins-api.ts';
import { setSelectedTools, useSelectedTools } from './use-plugin-tools.ts';

/**
 * The options bar's plugin selector for gptPlugins: any number of installed tools switched on
 * and off for the chat (as LibreChat allows; the menu stays open while choosing), or the store.
 */
export function PluginSelector({ disabled }: { disabled: boolean }) {
  const { t } = usePluginTranslation();
  const installedList = useInstalledPlugins().data;
  const installed = installedList ?? [];
  const names = new Map((usePlugins().data ?? []).map((p) => [p.pluginKey, pluginName(t, p)]));
  const nameOf = (key: string) => names.get(key) ?? key;
  const stored = useSelectedTools();
  // A tool no longer installed is not in use, whatever the conversation stored; until the installed
  // list has come, the stored tools are shown as they are rather than "No plugin" for a moment.
  const selected = installedList ? stored.filter((key) => installedList.includes(key)) : stored;
  const openStore = usePluginStore((s) => s.setOpen);
  const toggle = (key: string, on: boolean) => setSelectedTools(on ? [...selected, key] : selected.filter((k) => k !== key));
  const shown = selected.length === 0 ? t('plugins.no_tool') : selected.length === 1 ? nameOf(selected[0]!) : `${nameOf(selected[0]!)} +${selected.length - 1}`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        disabled={disabled}
        data-testid="plugin-selector"
        data-tools={selected.join(',')}
        className="inline-flex h-9 min-w-0 max-w-44 cursor-pointer items-center gap-1.5 rounded-xl px-2 text-sm text-neutral-700 transition-colors hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-60 data-[state=open]:bg-neutral-100 dark:text-neutral-200 dark:hover:bg-neutral-800 dark:data-[state=open]:bg-neutral-800"
      >
        <Puzzle aria-hidden className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
        {/* Named by what it shows, the action read first: "Plugins: Calculator +1". */}
        <span className="sr-only">{t('plugins.selector')}: </span>
        <span className="truncate">{shown}</span>
        <ChevronDown aria-hidden className="size-4 shrink-0 text-neutral-400" />
      </DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="start" className="w-72 max-w-[calc(100vw-1.5rem)]" data-testid="plugin-menu">
        <p className="px-3 pb-1 pt-1.5 text-xs font-medium text-neutral-500 dark:text-neutral-400">{t('plugins.choose')}</p>
        {installedList?.length === 0 ? <p className="px-3 py-2 text-sm text-neutral-600 dark:text-neutral-300">{t('plugins.none_installed')}</p> : null}
        <div className="max-h-64 overflow-y-auto">
          {installed.map((key) => (
            <DropdownMenuCheckboxItem
              key={key}
              checked={selected.includes(key)}
              onCheckedChange={(on) => toggle(key, on)}
              // Several tools are chosen in one visit: choosing one does not close the menu.
              onSelect={(event) => event.preventDefault()}
              data-testid="plugin-option"
              data-plugin-key={key}
            >
              <span className="truncate">{nameOf(key)}</span>
            </DropdownMenuCheckboxItem>
          ))}
        </div>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => openStore(true)} data-testid="plugin-store-item">
          <Store aria-hidden className="size-4 shrink-0" />
          {t('plugins.store')}…
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
