import { resolveEndpoint, type EndpointName } from '@parley/core';
import { Asterisk, Bot, Cloud, Fish, MessageCircle, Palmtree, Puzzle, Search, Sparkles, Zap, type LucideIcon } from 'lucide-react';
import type { ComponentPropsWithoutRef } from 'react';
import { cn } from './ui/cn.ts';

interface Look {
  icon: LucideIcon;
  tile: string;
}

const looks: Record<EndpointName, Look> = {
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

/** A reply stored without an endpoint (or under one this version no longer knows) still gets a tile, in no provider's color. */
const unknown: Look = { icon: Bot, tile: 'bg-neutral-500 dark:bg-neutral-600' };

/** `className` replaces the default size and rounding (cn does not merge conflicting Tailwind classes). */
type EndpointIconProps = Omit<ComponentPropsWithoutRef<'span'>, 'children'> & { endpoint: string | null };

/**
 * A small colored tile that tells endpoints apart: in menus, the options bar, and as the avatar
 * of each reply, so a mixed history shows who answered at a glance.
 */
export function EndpointIcon({ endpoint, className, ...props }: EndpointIconProps) {
  const known = endpoint ? resolveEndpoint(endpoint) : undefined;
  const { icon: Icon, tile } = known ? looks[known] : unknown;
  return (
    <span
      aria-hidden
      data-endpoint={known ?? 'unknown'}
      className={cn('inline-flex shrink-0 items-center justify-center text-white', tile, className ?? 'size-6 rounded-lg')}
      {...props}
    >
      <Icon className="size-[60%]" strokeWidth={2.25} />
    </span>
  );
}
