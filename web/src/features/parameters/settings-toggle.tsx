import { SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { useSettingsPanel } from './settings-panel-store.ts';
import { Tooltip } from '../../components/ui/tooltip.tsx';

/** The options bar's settings toggle (SPEC point 2). */
export function SettingsToggle({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const { open, toggle } = useSettingsPanel();
  return (
    <Tooltip label={t('params.toggle')}>
      <button
        type="button"
        onClick={toggle}
        disabled={disabled}
        aria-expanded={open}
        aria-label={t('params.toggle')}
        data-testid="options-settings-toggle"
        className={cn(
          'inline-flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-xl text-neutral-600 transition-colors hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-50 dark:text-neutral-300 dark:hover:bg-neutral-800',
          open && 'bg-neutral-100 text-emerald-700 dark:bg-neutral-800 dark:text-emerald-400',
        )}
      >
        <SlidersHorizontal aria-hidden className="size-4" />
      </button>
    </Tooltip>
  );
}
