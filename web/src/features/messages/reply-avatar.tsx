import { Sparkles } from 'lucide-react';
import { cn } from '../../components/ui/cn.ts';

/** Each provider's tile color, so a mixed history shows who answered at a glance. */
const tones: Record<string, string> = {
  openAI: 'bg-emerald-600',
  azureOpenAI: 'bg-sky-600',
  gptPlugins: 'bg-emerald-700',
  chatGPTBrowser: 'bg-teal-600',
  anthropic: 'bg-orange-700',
  google: 'bg-blue-600',
  bingAI: 'bg-cyan-600',
  deepSeek: 'bg-indigo-600',
  grok: 'bg-neutral-900 dark:bg-neutral-700',
};

export function ReplyAvatar({ endpoint }: { endpoint: string | null }) {
  return (
    <span
      aria-hidden
      className={cn('mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-lg text-white', tones[endpoint ?? ''] ?? 'bg-emerald-600')}
    >
      <Sparkles className="size-4" />
    </span>
  );
}
