import type { EndpointName } from '@parley/core';
import { Asterisk, Cloud, Fish, MessageCircle, Palmtree, Puzzle, Search, Sparkles, Zap, type LucideIcon } from 'lucide-react';
import { cn } from '../../components/ui/cn.ts';

const looks: Record<EndpointName, { icon: LucideIcon; tile: string }> = {
  azureOpenAI: { icon: Cloud, tile: 'bg-sky-600' },
  openAI: { icon: Sparkles, tile: 'bg-emerald-600' },
  chatGPTBrowser: { icon: MessageCircle, tile: 'bg-teal-600' },
  gptPlugins: { icon: Puzzle, tile: 'bg-violet-600' },
  bingAI: { icon: Search, tile: 'bg-cyan-600' },
  google: { icon: Palmtree, tile: 'bg-blue-600' },
  anthropic: { icon: Asterisk, tile: 'bg-orange-600' },
  deepSeek: { icon: Fish, tile: 'bg-indigo-600' },
  grok: { icon: Zap, tile: 'bg-neutral-900 dark:bg-neutral-600' },
};

/** A small colored tile that tells endpoints apart in menus and the options bar. */
export function EndpointIcon({ endpoint, className }: { endpoint: EndpointName; className?: string }) {
  const { icon: Icon, tile } = looks[endpoint];
  return (
    <span aria-hidden className={cn('inline-flex size-6 shrink-0 items-center justify-center rounded-lg text-white', tile, className)}>
      <Icon className="size-[60%]" strokeWidth={2.25} />
    </span>
  );
}
