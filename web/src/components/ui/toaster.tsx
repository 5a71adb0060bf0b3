import { CircleAlert, CircleCheck } from 'lucide-react';
import { cn } from './cn.ts';
import { useToasts } from './toast-store.ts';

/**
 * The toasts, top centre, announced to screen readers by the status region around them. Each toast
 * is a button named by its text that closes it; the status role stays on the region, since a
 * button given that role would lose the name its text gives it.
 */
export function Toaster() {
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-3 z-[60] flex flex-col items-center gap-2 px-3">
      {toasts.map((toast) => (
        <button
          key={toast.id}
          type="button"
          data-testid="toast"
          onClick={() => dismiss(toast.id)}
          className={cn(
            'pointer-events-auto flex max-w-md cursor-pointer items-center gap-2 rounded-xl border px-4 py-2.5 text-left text-sm shadow-lg',
            toast.tone === 'error'
              ? 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200'
              : 'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
          )}
        >
          {toast.tone === 'error' ? <CircleAlert aria-hidden className="size-4 shrink-0" /> : <CircleCheck aria-hidden className="size-4 shrink-0" />}
          {toast.text}
        </button>
      ))}
    </div>
  );
}
