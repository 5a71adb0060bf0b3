import { ChevronDown } from 'lucide-react';
import { cn } from '../../components/ui/cn.ts';

export interface NativeSelectProps {
  id?: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
  className?: string;
  'data-testid'?: string;
}

/**
 * The browser's own select, styled like our fields: the settings forms use it because the phone
 * picker it opens suits short lists, and it keeps these lazily loaded forms from pulling the
 * Radix Select into the chat page's first load.
 */
export function NativeSelect({ id, value, options, onChange, className, ...rest }: NativeSelectProps) {
  return (
    <div className={cn('relative', className)}>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={rest['data-testid']}
        className={cn(
          'h-9 w-full cursor-pointer appearance-none rounded-xl border border-neutral-300 bg-white pl-3 pr-9 text-sm text-neutral-900 shadow-xs',
          'focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-500/25',
          'dark:border-neutral-600 dark:bg-neutral-900 dark:text-neutral-100 dark:[color-scheme:dark]',
        )}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-neutral-500" />
    </div>
  );
}
