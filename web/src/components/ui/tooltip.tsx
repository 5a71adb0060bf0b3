import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { timings } from '@parley/core';
import type { FocusEvent, ReactElement, ReactNode } from 'react';

/** Tooltips open after the SPEC's delay (point 9) on hover, and at once on keyboard focus. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return <TooltipPrimitive.Provider delayDuration={timings.tooltipDelay}>{children}</TooltipPrimitive.Provider>;
}

/**
 * Keeps the tooltip closed on a focus that is not the keyboard's (the focus a dialog gives back
 * after a click, say) and on any focus on a touch screen, which has no hover to show tooltips by:
 * opened there it would cover the controls beside it and take the next tap. The control's
 * `aria-label` still names it to screen readers.
 */
function quietFocus(event: FocusEvent<HTMLElement>): void {
  if (window.matchMedia('(hover: none)').matches || !event.currentTarget.matches(':focus-visible')) event.preventDefault();
}

/**
 * A short label shown beside its control, in place of the browser's `title` bubble: it follows
 * the theme, opens on keyboard focus too, and is tied to the control with `aria-describedby` while shown.
 * The control keeps its own `aria-label` for screen readers.
 */
export function Tooltip({ label, side = 'top', children }: { label: string; side?: 'top' | 'bottom' | 'left' | 'right'; children: ReactElement }) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild onFocus={quietFocus}>
        {children}
      </TooltipPrimitive.Trigger>
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
