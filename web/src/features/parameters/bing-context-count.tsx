import { bingContextTokenLimit } from '@parley/core';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { useTokenCount } from './use-token-count.ts';

/** Tokens in Bing's context, counted by the server, against the ~7k it takes (SPEC point 5). */
export function BingContextCount({ text }: { text: string }) {
  const { t } = useTranslation();
  const count = useTokenCount(text);
  const over = count !== null && count > bingContextTokenLimit;
  return (
    <span
      data-testid="bing-context-tokens"
      className={cn('text-xs tabular-nums', over ? 'font-medium text-red-600 dark:text-red-400' : 'text-neutral-500 dark:text-neutral-400')}
    >
      {count === null ? t('params.tokens_counting') : t('params.tokens', { n: count, max: bingContextTokenLimit })}
    </span>
  );
}
