import type { ReactNode } from 'react';

/** One setting: its label on the left, its control on the right (stacked on narrow screens). */
export function SettingsRow({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2 border-b border-neutral-100 py-4 last:border-b-0 sm:flex-row sm:items-center sm:justify-between dark:border-neutral-700/60">
      <label htmlFor={htmlFor} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
        {label}
      </label>
      {children}
    </div>
  );
}
