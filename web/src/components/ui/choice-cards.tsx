import { Check } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from './cn.ts';

interface ChoiceOption<V extends string | number> {
  value: V;
  label: ReactNode;
  /** A second line under the label (a price, a hint). */
  detail?: ReactNode;
  icon?: ReactNode;
  disabled?: boolean;
  'data-testid'?: string;
}

export interface ChoiceCardsProps<V extends string | number> {
  legend: string;
  options: readonly ChoiceOption<V>[];
  value: V | null;
  onChange(value: V): void;
  disabled?: boolean;
}

/** A radio group drawn as selectable cards: real radio inputs, so arrows, Tab and screen readers work. */
export function ChoiceCards<V extends string | number>({ legend, options, value, onChange, disabled }: ChoiceCardsProps<V>) {
  const name = useId();
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-neutral-700 dark:text-neutral-300">{legend}</legend>
      <div className="grid grid-cols-2 gap-2.5">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={cn(
                'relative flex cursor-pointer items-center gap-3 rounded-xl border px-3.5 py-3 transition-colors',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-500/60',
                checked
                  ? 'border-emerald-500 bg-emerald-50/70 dark:border-emerald-500 dark:bg-emerald-950/30'
                  : 'border-neutral-200 hover:border-neutral-300 hover:bg-neutral-50 dark:border-neutral-700 dark:hover:border-neutral-600 dark:hover:bg-neutral-700/40',
                option.disabled && 'cursor-not-allowed opacity-50 hover:border-neutral-200 hover:bg-transparent',
              )}
            >
              <input
                type="radio"
                name={name}
                // The input covers its card: a click anywhere on it is a click on the radio itself.
                className="absolute inset-0 m-0 cursor-pointer appearance-none rounded-xl opacity-0 disabled:cursor-not-allowed"
                checked={checked}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
                data-testid={option['data-testid']}
              />
              {option.icon}
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="text-sm font-semibold text-neutral-900 dark:text-neutral-50">{option.label}</span>
                {option.detail ? <span className="text-xs text-neutral-500 dark:text-neutral-400">{option.detail}</span> : null}
              </span>
              {checked ? (
                <span className="absolute right-2 top-2 inline-flex size-4 items-center justify-center rounded-full bg-emerald-600 text-white">
                  <Check aria-hidden className="size-3" strokeWidth={3.5} />
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
