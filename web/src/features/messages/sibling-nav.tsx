import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export interface SiblingNavProps {
  index: number;
  count: number;
  onSelect(index: number): void;
  disabled?: boolean;
}

/** `‹ n/m ›`: switches between the versions of a message (SPEC point 2, message view). */
export function SiblingNav({ index, count, onSelect, disabled }: SiblingNavProps) {
  const { t } = useTranslation();
  if (count < 2) return null;
  const button =
    'inline-flex size-7 cursor-pointer items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 disabled:cursor-default disabled:opacity-40 disabled:hover:bg-transparent dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-neutral-100';
  return (
    <div className="pointer-events-auto flex items-center text-xs tabular-nums text-neutral-500 dark:text-neutral-400">
      <button
        type="button"
        className={button}
        aria-label={t('chat.message.previous_version')}
        data-testid="sibling-prev"
        disabled={disabled || index === 0}
        onClick={() => onSelect(index - 1)}
      >
        <ChevronLeft aria-hidden className="size-4" />
      </button>
      <span data-testid="sibling-nav" className="min-w-8 text-center">
        {index + 1}/{count}
      </span>
      <button
        type="button"
        className={button}
        aria-label={t('chat.message.next_version')}
        data-testid="sibling-next"
        disabled={disabled || index === count - 1}
        onClick={() => onSelect(index + 1)}
      >
        <ChevronRight aria-hidden className="size-4" />
      </button>
    </div>
  );
}
