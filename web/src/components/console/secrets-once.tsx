import { Check, Copy, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../ui/banner.tsx';
import { Button } from '../ui/button.tsx';
import { useCopy } from '../use-copy.ts';

/**
 * New keys or codes, shown this once: the list, a copy of all of them, and their CSV, with the
 * reminder that they cannot be shown again.
 */
export function SecretsOnce({ secrets, onDownload, ...rest }: { secrets: readonly string[]; onDownload(): void; 'data-testid'?: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy();
  return (
    <div className="space-y-3" data-testid={rest['data-testid']}>
      <Banner tone="info">{t('admin:once.warning', { count: secrets.length })}</Banner>
      <pre className="max-h-56 overflow-auto rounded-xl bg-neutral-100 p-3 font-mono text-xs leading-relaxed text-neutral-900 select-all dark:bg-neutral-800 dark:text-neutral-100" data-testid="secrets-list">
        {secrets.join('\n')}
      </pre>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onDownload} data-testid="secrets-csv">
          <Download aria-hidden className="size-4" />
          {t('admin:once.csv')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => copy(secrets.join('\n'))} data-testid="secrets-copy">
          {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
          {copied ? t('admin:once.copied') : t('admin:once.copy')}
        </Button>
      </div>
    </div>
  );
}
