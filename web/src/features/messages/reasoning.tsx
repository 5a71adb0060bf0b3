import { Brain, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A reply's reasoning, collapsed behind a 'thought' disclosure (open while it streams). */
export function Reasoning({ text, streaming }: { text: string; streaming: boolean }) {
  const { t } = useTranslation();
  if (!text) return null;
  return (
    <details className="group/reasoning mb-3" open={streaming || undefined} data-testid="reasoning">
      <summary className="inline-flex cursor-pointer list-none items-center gap-1.5 rounded-lg py-1 text-sm text-neutral-500 hover:text-neutral-800 dark:text-neutral-400 dark:hover:text-neutral-200 [&::-webkit-details-marker]:hidden">
        <Brain aria-hidden className="size-4" />
        {streaming ? t('chat.message.thinking') : t('chat.message.thought')}
        <ChevronRight aria-hidden className="size-4 transition-transform group-open/reasoning:rotate-90" />
      </summary>
      <div className="mt-2 whitespace-pre-wrap border-l-2 border-neutral-200 pl-3 text-sm leading-relaxed text-neutral-500 dark:border-neutral-700 dark:text-neutral-400">
        {text}
      </div>
    </details>
  );
}
