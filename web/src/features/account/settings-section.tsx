import type { ReactNode } from 'react';
import { cn } from '../../components/ui/cn.ts';

/** One block of a settings tab: a heading, a line saying what it does, and its controls. */
export function SettingsSection({ title, hint, children, danger, testId }: { title: string; hint?: string; children: ReactNode; danger?: boolean; testId?: string }) {
  return (
    <section className="border-b border-neutral-100 py-4 first:pt-1 last:border-b-0 dark:border-neutral-700/60" data-testid={testId}>
      <h3 className={cn('text-sm font-medium', danger ? 'text-red-700 dark:text-red-400' : 'text-neutral-800 dark:text-neutral-200')}>{title}</h3>
      {hint ? <p className="mt-0.5 text-xs leading-relaxed text-neutral-500 dark:text-neutral-400">{hint}</p> : null}
      <div className="mt-3">{children}</div>
    </section>
  );
}
