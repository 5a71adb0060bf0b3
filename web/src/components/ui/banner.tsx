import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

type Tone = 'error' | 'success' | 'info';

const tones: Record<Tone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800 dark:border-red-900/60 dark:bg-red-950/50 dark:text-red-200',
  success:
    'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900/60 dark:bg-emerald-950/50 dark:text-emerald-200',
  info: 'border-neutral-200 bg-neutral-50 text-neutral-700 dark:border-neutral-700 dark:bg-neutral-800 dark:text-neutral-200',
};

const icons = { error: CircleAlert, success: CircleCheck, info: Info } as const;

export interface BannerProps {
  tone?: Tone;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/** An inline message; errors are announced as alerts, the rest as polite status. */
export function Banner({ tone = 'error', children, className, 'data-testid': testId }: BannerProps) {
  const Icon = icons[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cn('flex items-start gap-2.5 rounded-xl border px-3.5 py-3 text-sm leading-relaxed', tones[tone], className)}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1 break-words">{children}</div>
    </div>
  );
}
