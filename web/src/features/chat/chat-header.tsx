import { endpointDisplayNames, modelDisplayName, resolveEndpoint } from '@parley/core';
import { useTranslation } from 'react-i18next';

export interface ChatHeaderProps {
  title: string | null;
  endpoint: string | null;
  model: string | null;
}

/** Desktop header: the conversation title and which endpoint and model answer it (SPEC point 2). */
export function ChatHeader({ title, endpoint, model }: ChatHeaderProps) {
  const { t } = useTranslation();
  const name = endpoint ? resolveEndpoint(endpoint) : undefined;
  return (
    <header className="hidden h-13 shrink-0 items-center gap-3 border-b border-neutral-200/70 pl-14 pr-4 md:flex dark:border-neutral-800">
      <h2 className="min-w-0 truncate text-sm font-semibold text-neutral-900 dark:text-neutral-100" data-testid="chat-title">
        {title || t('nav.new_chat')}
      </h2>
      {name ? (
        <span
          data-testid="endpoint-name"
          className="inline-flex shrink-0 items-center gap-1.5 rounded-full border border-neutral-200 px-2.5 py-0.5 text-xs text-neutral-600 dark:border-neutral-700 dark:text-neutral-300"
        >
          <span className="font-medium">{endpointDisplayNames[name]}</span>
          {model ? <span className="text-neutral-400 dark:text-neutral-500">·</span> : null}
          {model ? <span>{modelDisplayName(model)}</span> : null}
        </span>
      ) : null}
    </header>
  );
}
