import type { ReactNode } from 'react';

export interface ConsolePageProps {
  title: string;
  description?: string;
  /** Buttons at the header's end (create, export…). */
  actions?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}

/** A console section's frame: its heading, a line saying what it is for, its actions, its body. */
export function ConsolePage({ title, description, actions, children, ...rest }: ConsolePageProps) {
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-5 md:px-8 md:py-8" data-testid={rest['data-testid']}>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight text-neutral-900 md:text-2xl dark:text-neutral-50">{title}</h1>
          {description ? <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

/** A bordered panel the console's blocks (a chart, a table, a form) sit in. */
export function ConsolePanel({ title, children, className, actions }: { title?: string; children: ReactNode; className?: string; actions?: ReactNode }) {
  return (
    <div className={`min-w-0 rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs md:p-5 dark:border-neutral-800 dark:bg-neutral-900 ${className ?? ''}`}>
      {title || actions ? (
        <div className="mb-3 flex items-center justify-between gap-2">
          {title ? <h2 className="text-sm font-semibold text-neutral-800 dark:text-neutral-100">{title}</h2> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </div>
  );
}
