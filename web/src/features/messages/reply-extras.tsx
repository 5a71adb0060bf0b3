import type { Message } from '@parley/core';
import { ExternalLink, Lightbulb } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MessageCommands } from './actions/message-action.ts';

/** A reply's sources as numbered links (Bing's citations), in the order the reply cites them. */
export function ReplySources({ sources }: { sources: NonNullable<Message['sources']> }) {
  const { t } = useTranslation();
  if (sources.length === 0) return null;
  return (
    <section className="mt-3" aria-label={t('chat.message.sources')} data-testid="reply-sources">
      <h3 className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-neutral-500 dark:text-neutral-400">{t('chat.message.sources')}</h3>
      <ol className="flex flex-wrap gap-1.5">
        {sources.map((source, index) => (
          <li key={source.url}>
            <a
              href={source.url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex max-w-[16rem] items-center gap-1.5 rounded-lg border border-neutral-200 bg-white px-2 py-1 text-xs text-neutral-700 transition-colors hover:border-cyan-400 hover:text-cyan-800 dark:border-neutral-700 dark:bg-neutral-850 dark:text-neutral-200 dark:hover:border-cyan-600 dark:hover:text-cyan-200"
            >
              <span className="font-semibold tabular-nums text-cyan-700 dark:text-cyan-300">{index + 1}</span>
              <span className="truncate">{source.title || new URL(source.url).host}</span>
              <ExternalLink aria-hidden className="size-3 shrink-0 opacity-60" />
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Follow-up questions the model suggests, as chips that fill the input (shown under the last reply). */
export function FollowUpChips({ suggestions, commands }: { suggestions: string[]; commands: MessageCommands }) {
  const { t } = useTranslation();
  if (suggestions.length === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label={t('chat.message.follow_ups')} data-testid="follow-up-chips">
      {suggestions.map((suggestion) => (
        <button
          key={suggestion}
          type="button"
          onClick={() => commands.fillInput(suggestion)}
          className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-cyan-200 bg-cyan-50 px-3 py-1 text-left text-sm text-cyan-900 transition-colors hover:bg-cyan-100 dark:border-cyan-800 dark:bg-cyan-950/40 dark:text-cyan-100 dark:hover:bg-cyan-900/50"
        >
          <Lightbulb aria-hidden className="size-3.5 shrink-0 opacity-70" />
          {suggestion}
        </button>
      ))}
    </div>
  );
}
