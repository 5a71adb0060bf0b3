import { endpointDisplayNames, modelDisplayName } from '@parley/core';
import { BookmarkPlus, X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { usePresetDialogs } from '../../state/preset-dialogs-store.ts';
import { setCurrentOptions } from './current-setup.ts';
import { useCurrentSetup } from './use-current-setup.ts';
import { ParameterForm } from './parameter-form.tsx';
import { useSettingsPanel } from './settings-panel-store.ts';

/**
 * The settings popover of SPEC point 2: the endpoint's parameter form for the next message, a
 * save-as-preset button and a close button. It rises above the input like LibreChat's, so the
 * thread stays visible; Escape closes it. Loaded on first open.
 */
export default function SettingsPanel() {
  const { t } = useTranslation();
  const setup = useCurrentSetup();
  const close = useSettingsPanel((s) => s.close);
  const openSaveAs = usePresetDialogs((s) => s.openSaveAs);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [close]);

  if (!setup) return null;
  return (
    <section
      role="dialog"
      aria-label={t('params.title')}
      data-testid="settings-popover"
      className="absolute inset-x-3 bottom-full z-30 mb-2 flex max-h-[min(34rem,calc(100dvh-9rem))] flex-col overflow-hidden rounded-2xl border border-neutral-200 bg-white shadow-2xl shadow-black/10 animate-[fade-in_120ms_ease-out] sm:inset-x-6 dark:border-neutral-700 dark:bg-neutral-850 dark:shadow-black/40"
    >
      <header className="flex items-center gap-2 border-b border-neutral-200 px-4 py-2.5 dark:border-neutral-700">
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-sm font-semibold text-neutral-900 dark:text-neutral-100">{t('params.title')}</h2>
          <p className="truncate text-xs text-neutral-500 dark:text-neutral-400">
            {endpointDisplayNames[setup.endpoint]} · {modelDisplayName(setup.model)}
          </p>
        </div>
        <Button variant="ghost" size="sm" className="h-8 px-2.5" onClick={openSaveAs} aria-label={t('presets.save_as')} title={t('presets.save_as')} data-testid="save-as-preset">
          <BookmarkPlus aria-hidden className="size-4" />
          <span className="hidden sm:inline">{t('presets.save_as')}</span>
        </Button>
        <Button variant="ghost" size="icon" className="size-8" onClick={close} aria-label={t('common.close')} data-testid="settings-close">
          <X aria-hidden className="size-4" />
        </Button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        <ParameterForm
          endpoint={setup.endpoint}
          model={setup.model}
          options={setup.options}
          tools={setup.tools}
          idPrefix="chat-param"
          onChange={setCurrentOptions}
        />
      </div>
    </section>
  );
}
