import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cn } from './cn.ts';
import { focusedBeforeMenus, refocus } from './last-focus.ts';

export const Dialog = DialogPrimitive.Root;

export interface DialogContentProps {
  title: string;
  /** Accessible name of the close button (localized by the caller). */
  closeLabel: string;
  description?: string;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/** A centered modal panel with its title, an optional description and a close button. */
export function DialogContent({ title, closeLabel, description, children, className, ...rest }: DialogContentProps) {
  // What opened the dialog: read as it opens, before the dialog takes the focus.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]" />
      <DialogPrimitive.Content
        data-testid={rest['data-testid']}
        // Radix warns about a missing description unless told explicitly there is none.
        {...(description ? {} : { 'aria-describedby': undefined })}
        // Focus the panel itself rather than its first control (the close button): Tab still
        // enters the dialog, and a ring does not flash on the close button for mouse users.
        onOpenAutoFocus={(event) => {
          opener.current = focusedBeforeMenus();
          event.preventDefault();
          (event.currentTarget as HTMLElement).focus();
        }}
        // Closing gives the focus back to what opened the dialog, even when that was a menu's item (gone by now).
        onCloseAutoFocus={(event) => {
          if (refocus(opener.current)) event.preventDefault();
        }}
        className={cn(
          'fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden',
          'rounded-2xl border border-neutral-200 bg-white text-neutral-900 shadow-2xl focus:outline-none',
          'dark:border-neutral-700 dark:bg-neutral-800 dark:text-neutral-100',
          'data-[state=open]:animate-[dialog-in_150ms_ease-out]',
          className ?? 'max-w-lg',
        )}
      >
        <div className="flex items-center justify-between gap-4 border-b border-neutral-200 px-6 py-4 dark:border-neutral-700">
          <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Close
            aria-label={closeLabel}
            className="rounded-lg p-1.5 text-neutral-500 transition-colors hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500/60 dark:text-neutral-400 dark:hover:bg-neutral-700 dark:hover:text-neutral-100"
          >
            <X aria-hidden className="size-5" />
          </DialogPrimitive.Close>
        </div>
        {description ? (
          <DialogPrimitive.Description className="px-6 pt-4 text-sm text-neutral-500 dark:text-neutral-400">
            {description}
          </DialogPrimitive.Description>
        ) : null}
        <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
