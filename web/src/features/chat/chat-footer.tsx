import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/use-startup-config.ts';
import { useAccess } from '../../state/use-access.ts';

/**
 * Under the input (SPEC point 1): the version label and, where access keys are sold, the
 * pay-per-call note, then (on wider screens) the usual caution about model answers.
 */
export function ChatFooter() {
  const { t } = useTranslation();
  const version = useStartupConfig().data?.version;
  const { keysEnabled } = useAccess();
  return (
    <p className="mt-2 text-center text-xs text-neutral-500 dark:text-neutral-400" data-testid="chat-footer">
      {version ? <span data-testid="version-label">{t('app.footer', { version })}</span> : null}
      {keysEnabled ? <span data-testid="pay-per-call"> · {t('access.pay_per_call')}</span> : null}
      {/* A phone keeps the version and the price note; the caution needs the wider screen. */}
      <span className="hidden sm:inline">
        {version ? ' · ' : null}
        {t('chat.disclaimer')}
      </span>
    </p>
  );
}
