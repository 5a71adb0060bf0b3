import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { conversationsQueryKey } from '../../api/conversations-api.ts';
import { Banner } from '../../components/ui/banner.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { errorText } from '../../locales/error-text.ts';
import { importApi } from './import-api.ts';

/**
 * Settings → Data → Import conversations: a ChatGPT data export (its conversations.json) or a
 * LibreChat JSON export; the summary says how many conversations and messages came in and what was left out.
 */
export function ImportRow() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const upload = useMutation({
    mutationFn: importApi.upload,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
  });
  const summary = upload.data;
  const skipped = summary ? summary.skippedConversations + summary.skippedMessages + summary.skippedParts : 0;

  return (
    <div className="border-b border-neutral-100 py-4 dark:border-neutral-700/60" data-testid="import-row">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-neutral-800 dark:text-neutral-200">{t('import.title')}</p>
          <p id={hintId} className="mt-0.5 text-xs leading-relaxed text-neutral-500 dark:text-neutral-400">
            {t('import.hint')}
          </p>
        </div>
        <button type="button" className={buttonClasses('secondary', 'sm', 'self-start sm:self-auto')} disabled={upload.isPending} onClick={() => input.current?.click()} aria-describedby={hintId} data-testid="import-button">
          <Upload aria-hidden className="size-4" />
          {upload.isPending ? t('import.working') : t('import.button')}
        </button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          className="hidden"
          tabIndex={-1}
          aria-hidden
          data-testid="import-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) upload.mutate(file);
          }}
        />
      </div>
      {summary ? (
        <Banner tone="success" className="mt-3" data-testid="import-summary">
          <p>{t('import.done', { conversations: summary.conversations, messages: summary.messages, source: t(`import.format.${summary.format}`) })}</p>
          {skipped > 0 ? (
            <p className="mt-1 text-xs" data-testid="import-skipped">
              {t('import.skipped', { conversations: summary.skippedConversations, messages: summary.skippedMessages, parts: summary.skippedParts })}
            </p>
          ) : null}
        </Banner>
      ) : null}
      {upload.isError ? (
        <Banner className="mt-3" data-testid="import-failed">
          {errorText(t, upload.error)}
        </Banner>
      ) : null}
    </div>
  );
}
