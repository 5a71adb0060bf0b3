import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface RenameFieldProps {
  title: string;
  onCommit(title: string): void;
  onCancel(): void;
}

/** Inline rename: Enter or leaving the field commits a changed title; Escape or × cancels (SPEC point 4). */
export function RenameField({ title, onCommit, onCancel }: RenameFieldProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(title);
  const ref = useRef<HTMLInputElement>(null);
  const done = useRef(false);

  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);

  const commit = () => {
    if (done.current) return;
    done.current = true;
    const next = value.trim();
    if (next && next !== title) onCommit(next);
    else onCancel();
  };
  const cancel = () => {
    done.current = true;
    onCancel();
  };

  return (
    <div className="flex min-w-0 flex-1 items-center gap-1">
      <input
        ref={ref}
        value={value}
        maxLength={200}
        onChange={(e) => setValue(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.nativeEvent.isComposing) commit();
          if (e.key === 'Escape') {
            // Handled here: the mobile drawer holding the field stays open.
            e.preventDefault();
            cancel();
          }
        }}
        aria-label={t('conversations.rename')}
        data-testid="convo-rename-input"
        className="h-7 min-w-0 flex-1 rounded-md border border-emerald-500 bg-white px-2 text-sm text-neutral-900 outline-none dark:bg-neutral-900 dark:text-neutral-100"
      />
      <button
        type="button"
        aria-label={t('conversations.cancel')}
        data-testid="convo-rename-cancel"
        // Keeps the field focused so its blur does not commit before the click cancels.
        onMouseDown={(e) => e.preventDefault()}
        onClick={cancel}
        className="inline-flex size-6 cursor-pointer items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-200 dark:hover:bg-neutral-700"
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}
