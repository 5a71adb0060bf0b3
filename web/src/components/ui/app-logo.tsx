import { MessagesSquare } from 'lucide-react';
import { cn } from './cn.ts';

/** Parley's mark: a speech-bubble pair on an emerald tile. */
export function AppLogo({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-emerald-500 to-teal-600 text-white shadow-lg shadow-emerald-600/20',
        className,
      )}
    >
      <MessagesSquare className="size-[55%]" strokeWidth={2} />
    </span>
  );
}
