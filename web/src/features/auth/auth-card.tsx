import type { ReactNode } from 'react';

export interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** Links under the card (sign up, back to login). */
  footer?: ReactNode;
}

export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <div className="w-full max-w-[420px]">
      <section className="rounded-2xl border border-neutral-200 bg-white px-6 py-8 shadow-sm sm:px-9 sm:py-10 dark:border-neutral-800 dark:bg-neutral-850">
        <header className="mb-7 text-center">
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-900 dark:text-neutral-50">{title}</h1>
          {subtitle ? <p className="mt-2 text-sm text-neutral-500 dark:text-neutral-400">{subtitle}</p> : null}
        </header>
        {children}
      </section>
      {footer ? <div className="mt-6 text-center text-sm text-neutral-600 empty:hidden dark:text-neutral-400">{footer}</div> : null}
    </div>
  );
}

/** An inline text link in the app's accent colour. */
export const linkClasses =
  'font-medium text-emerald-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500/60 rounded-sm dark:text-emerald-400';
