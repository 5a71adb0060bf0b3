import { bingToneStyles } from '@parley/core';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { setCurrentOptions } from './current-setup.ts';
import { useCurrentSetup } from './use-current-setup.ts';

/**
 * Bing's tone choice above the input, as Bing showed it: shown for a new conversation (SPEC
 * point 4; in an open one the settings toggle shows it with the rest). The choice is the
 * conversation's `toneStyle`; Sydney mode switches the jailbreak with its system message.
 */
export function BingToneBar() {
  const { t } = useTranslation();
  const setup = useCurrentSetup();
  if (setup?.endpoint !== 'bingAI') return null;
  const tone = typeof setup.options.toneStyle === 'string' ? setup.options.toneStyle : 'creative';
  const sydney = setup.options.jailbreak === true;
  return (
    <div className="mb-2 flex flex-wrap items-center justify-center gap-2" data-testid="bing-tone-bar">
      <div role="radiogroup" aria-label={t('params.toneStyle')} className="inline-flex rounded-xl border border-neutral-200 bg-neutral-50 p-0.5 dark:border-neutral-700 dark:bg-neutral-850">
        {bingToneStyles.map((style) => (
          <button
            key={style}
            type="button"
            role="radio"
            aria-checked={tone === style}
            data-testid={`bing-tone-${style}`}
            onClick={() => setCurrentOptions({ toneStyle: style })}
            className={cn(
              'cursor-pointer rounded-[0.6rem] px-3 py-1 text-sm font-medium text-neutral-600 transition-colors hover:text-neutral-900 dark:text-neutral-300 dark:hover:text-white',
              tone === style && 'bg-cyan-700 text-white shadow-sm hover:text-white dark:bg-cyan-600',
            )}
          >
            {t(`params.option.${style}`)}
          </button>
        ))}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={sydney}
        data-testid="bing-sydney-switch"
        onClick={() => setCurrentOptions({ jailbreak: !sydney })}
        className={cn(
          'cursor-pointer rounded-xl border px-3 py-1 text-sm font-medium transition-colors',
          sydney
            ? 'border-fuchsia-300 bg-fuchsia-50 text-fuchsia-800 dark:border-fuchsia-700 dark:bg-fuchsia-950/50 dark:text-fuchsia-200'
            : 'border-neutral-200 text-neutral-600 hover:bg-neutral-50 dark:border-neutral-700 dark:text-neutral-300 dark:hover:bg-neutral-800',
        )}
      >
        {t('params.sydneyMode')}
      </button>
    </div>
  );
}
