import type { LabelHTMLAttributes } from 'react';
import { cn } from './cn.ts';

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('block text-sm font-medium text-neutral-700 dark:text-neutral-300', className)} {...props} />;
}
