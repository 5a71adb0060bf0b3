import { endpointDisplayNames, modelDisplayName, resolveEndpoint } from '@parley/core';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { conversationTitle } from '../../state/display-title.ts';

export interface ChatHeaderProps {
  title: string | null;
  endpoint: string | null;
  model: string | null;
  onSaveAsPreset?(): void;
}

/** Desktop header: the conversation title and which endpoint and model answer it (SPEC point 2). */
export function ChatHeader({ title, endpoint, model, onSaveAsPreset }: ChatHeaderProps) {
  const { t } = useTranslation();
  const name = endpoint ? resolveEndpoint(endpoint) : undefined;
  return (
    <header className="hidden h-13 shrink-0 items-center gap-3 border-b border-neutral-200/70 pl-14 pr-4 md:flex dark:border-neutral-800">
      <h2 className="min-w-0 truncate text-sm font-semibold text-neutral-900 dark:text-neutral-100" data-testid="chat-title">
        {conversationTitle(title, t)}
      </h2>
      {name ? (
        <Tooltip label={t('presets.save_as')}>
          <button
            type="button"
            data-testid="endpoint-name"
            // SPEC point 2: the header opens the save-as-preset dialog, except for chatGPTBrowser.
            disabled={!onSaveAsPreset || name === 'chatGPTBrowser'}
            onClick={onSaveAsPreset}
            className="inline-flex shrink-0 items-center gap-1.5 rounded-full border border-neutral-200 px-2.5 py-0.5 text-xs text-neutral-600 transition-colors enabled:cursor-pointer enabled:hover:border-neutral-300 enabled:hover:bg-neutral-50 dark:border-neutral-700 dark:text-neutral-300 dark:enabled:hover:border-neutral-600 dark:enabled:hover:bg-neutral-800"
          >
            <span className="font-medium">{endpointDisplayNames[name]}</span>
            {model ? <span className="text-neutral-500 dark:text-neutral-400">·</span> : null}
            {model ? <span>{modelDisplayName(model)}</span> : null}
          </button>
        </Tooltip>
      ) : null}
    </header>
  );
}
