import type { ChannelTestAnswer } from '@parley/core';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/console/form-dialog.tsx';

/** What a channel test found: each key's answer (time, or why it failed), and the channel's state after. */
export function ChannelTestDialog({ answer, onClose }: { answer: ChannelTestAnswer; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open
      readOnly
      title={t('admin:channels.test_title', { name: answer.channel.name })}
      description={answer.ok ? t('admin:channels.test_passed', { model: answer.model }) : t('admin:channels.test_failed', { model: answer.model })}
      submitLabel=""
      onSubmit={onClose}
      onOpenChange={(open) => !open && onClose()}
      data-testid="channel-test-dialog"
    >
      <ul className="space-y-2 text-sm">
        {answer.keys.map((key) => (
          <li key={key.key} className="flex items-center gap-2" data-testid="channel-test-key">
            {key.ok ? <CheckCircle2 aria-hidden className="size-4 shrink-0 text-emerald-600" /> : <XCircle aria-hidden className="size-4 shrink-0 text-red-600" />}
            <span className="font-medium">{t('admin:channels.key_n', { n: key.key })}</span>
            <span className="text-neutral-600 dark:text-neutral-300">{key.ok ? t('admin:channels.answered_in', { ms: key.ms }) : t('admin:channels.failed_with', { error: key.error ?? '—' })}</span>
          </li>
        ))}
      </ul>
      <p className="text-sm text-neutral-600 dark:text-neutral-300">{t('admin:channels.now_state', { state: t(`admin:channels.states.${answer.channel.state}`) })}</p>
    </FormDialog>
  );
}
