import { endpointDisplayNames, resolveEndpoint } from '@parley/core';
import { useTranslation } from 'react-i18next';
import { useModelName } from '../../api/use-model-name.ts';
import { cn } from '../../components/ui/cn.ts';
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
  const modelName = useModelName();
  const name = endpoint ? resolveEndpoint(endpoint) : undefined;
  const chatGPT = name === 'chatGPTBrowser';
  const savable = Boolean(onSaveAsPreset) && !chatGPT;
  return (
    <header className="hidden h-13 shrink-0 items-center gap-3 border-b border-neutral-200/70 pl-14 pr-4 md:flex dark:border-neutral-800">
      <h2 className="min-w-0 truncate text-sm font-semibold text-neutral-900 dark:text-neutral-100" data-testid="chat-title">
        {conversationTitle(title, t)}
      </h2>
      {name ? (
        // SPEC point 2: the header opens the save-as-preset dialog, except for chatGPTBrowser. Marked
        // aria-disabled rather than disabled there, so its tooltip can still say why.
        <Tooltip label={chatGPT ? t('presets.not_for_chatgpt') : t('presets.save_as')}>
          <button
            type="button"
            data-testid="endpoint-name"
            disabled={!onSaveAsPreset}
            aria-disabled={chatGPT || undefined}
            onClick={chatGPT ? undefined : onSaveAsPreset}
            className={cn(
              'inline-flex shrink-0 items-center gap-1.5 rounded-full border border-neutral-200 px-2.5 py-0.5 text-xs text-neutral-600 transition-colors dark:border-neutral-700 dark:text-neutral-300',
              savable && 'cursor-pointer hover:border-neutral-300 hover:bg-neutral-50 dark:hover:border-neutral-600 dark:hover:bg-neutral-800',
            )}
          >
            <span className="font-medium">{endpointDisplayNames[name]}</span>
            {model ? <span className="text-neutral-500 dark:text-neutral-400">·</span> : null}
            {model ? <span>{modelName(model)}</span> : null}
          </button>
        </Tooltip>
      ) : null}
    </header>
  );
}
