import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Tooltip } from '../../components/ui/tooltip.tsx';

export interface ActionButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  label: string;
  children: ReactNode;
}

/** A small icon button of the message toolbar, named for screen readers and tooltips. */
export function ActionButton({ label, children, ...props }: ActionButtonProps) {
  return (
    <Tooltip label={label}>
      <button
      type="button"
      aria-label={label}
      className="inline-flex size-7 cursor-pointer items-center justify-center rounded-md text-neutral-500 transition-colors hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-neutral-100"
      {...props}
    >
      {children}
      </button>
    </Tooltip>
  );
}
