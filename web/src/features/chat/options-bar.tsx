import { Square } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutsideAction } from '../messages/actions/message-actions-registry.ts';

export interface OptionsBarProps {
  picker: ReactNode;
  submitting: boolean;
  /** The registry's regenerate action on the last message, when it applies. */
  regenerate: OutsideAction | null;
  onStop(): void;
}

const floating =
  'hidden cursor-pointer items-center gap-2 rounded-xl border border-neutral-200 bg-white px-3 py-1.5 text-sm font-medium text-neutral-700 shadow-sm transition-colors hover:bg-neutral-50 md:inline-flex dark:border-neutral-700 dark:bg-neutral-850 dark:text-neutral-200 dark:hover:bg-neutral-800';

/** Above the input: the model picker, and Stop or Regenerate floating on wide screens (SPEC point 2). */
export function OptionsBar({ picker, submitting, regenerate, onStop }: OptionsBarProps) {
  const { t } = useTranslation();
  return (
    <div className="mb-2 flex min-h-9 items-center justify-between gap-2">
      <div className="min-w-0">{picker}</div>
      {submitting ? (
        <button type="button" className={floating} onClick={onStop} data-testid="stop-generating">
          <Square aria-hidden className="size-3 fill-current" />
          {t('chat.stop_generating')}
        </button>
      ) : regenerate ? (
        // The same action as the last reply's toolbar button, under the options bar's own test id.
        <button type="button" className={floating} onClick={regenerate.perform} data-testid="regenerate-button">
          <regenerate.Icon aria-hidden className="size-3.5" />
          {t(regenerate.label)}
        </button>
      ) : null}
    </div>
  );
}
