import { LoaderCircle } from 'lucide-react';
import { cn } from './cn.ts';

export function Spinner({ label, className }: { label: string; className?: string }) {
  return <LoaderCircle role="status" aria-label={label} className={cn('size-5 animate-spin text-neutral-400', className)} />;
}
