import type { InputHTMLAttributes } from 'react';
import { cn } from './cn.ts';

function inputClasses(invalid: boolean, className?: string): string {
  return cn(
    'block h-11 w-full rounded-xl border bg-white px-3.5 text-sm text-neutral-900 shadow-xs transition-colors placeholder:text-neutral-500',
    'focus:outline-none focus:ring-2 dark:bg-neutral-900 dark:text-neutral-100 dark:placeholder:text-neutral-400',
    invalid
      ? 'border-red-500 focus:border-red-500 focus:ring-red-500/30 dark:border-red-500'
      : 'border-neutral-300 focus:border-emerald-500 focus:ring-emerald-500/30 dark:border-neutral-700 dark:focus:border-emerald-500',
    className,
  );
}

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
}

export function Input({ invalid = false, className, ...props }: InputProps) {
  return <input aria-invalid={invalid || undefined} className={inputClasses(invalid, className)} {...props} />;
}
