import { Check, Copy, MessageSquare, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { useCopy } from '../../components/use-copy.ts';
import { useFormatDateTime } from '../../locales/format-date.ts';

export interface NewKeyCardProps {
  keyText: string;
  /** Until when this browser may see the key again on this page. */
  shownUntil: string | null;
  busy: boolean;
  onUse(): void;
}

/** A bought key, once: the key with a copy button, the reminder to keep it, and the way into the chat with it. */
export function NewKeyCard({ keyText, shownUntil, busy, onUse }: NewKeyCardProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const { copied, copy } = useCopy();
  return (
    <div className="space-y-4">
      <div className="rounded-xl border border-neutral-200 bg-neutral-50 p-3 dark:border-neutral-700 dark:bg-neutral-800/60">
        <p className="mb-2 text-xs font-medium uppercase tracking-wide text-neutral-500 dark:text-neutral-400">{t('buy.key_label')}</p>
        <div className="flex items-start gap-2">
          <code className="min-w-0 flex-1 break-all font-mono text-sm leading-relaxed text-neutral-900 dark:text-neutral-100" data-testid="order-key">
            {keyText}
          </code>
          <Button variant="secondary" size="sm" onClick={() => copy(keyText)} data-testid="order-key-copy" aria-label={copied ? t('buy.copied') : t('buy.copy_key')}>
            {copied ? <Check aria-hidden className="size-4 text-emerald-600" /> : <Copy aria-hidden className="size-4" />}
            {copied ? t('buy.copied') : t('buy.copy')}
          </Button>
        </div>
      </div>
      <p className="flex items-start gap-2.5 rounded-xl bg-amber-50 px-3.5 py-3 text-sm leading-relaxed text-amber-900 dark:bg-amber-950/40 dark:text-amber-100" data-testid="order-key-reminder">
        <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" />
        {shownUntil ? t('buy.keep_key', { date: formatDate(shownUntil) }) : t('buy.keep_key_undated')}
      </p>
      <Button className="w-full" onClick={onUse} disabled={busy} data-testid="order-use-key">
        <MessageSquare aria-hidden className="size-4" />
        {t('buy.use_key')}
      </Button>
    </div>
  );
}
