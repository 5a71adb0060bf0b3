import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { timings } from '@parley/core';
import type { ReactElement, ReactNode } from 'react';

/** Tooltips open after the SPEC's delay (point 9) on hover, and at once on keyboard focus. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return <TooltipPrimitive.Provider delayDuration={timings.tooltipDelay}>{children}</TooltipPrimitive.Provider>;
}

/**
 * A short label shown beside its control, in place of the browser's `title` bubble: it follows
 * the theme, opens on focus too, and is tied to the control with `aria-describedby` while shown.
 * The control keeps its own `aria-label` for screen readers.
 */
export function Tooltip({ label, side = 'top', children }: { label: string; side?: 'top' | 'bottom' | 'left' | 'right'; children: ReactElement }) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={6}
          collisionPadding={8}
          data-testid="tooltip"
          className="z-[70] max-w-xs rounded-lg bg-neutral-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-lg dark:bg-neutral-100 dark:text-neutral-900"
        >
          {label}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
