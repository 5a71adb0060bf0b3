import { acceptedExtensions, endpointCapabilities, endpointDisplayNames, resolveEndpoint } from '@parley/core';
import { Paperclip } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/ui/toast-store.ts';
import { Tooltip } from '../../components/ui/tooltip.tsx';

/**
 * The paperclip of the input: opens the file picker with the types the endpoint takes. On an
 * endpoint that takes no files it stays in its place, unavailable, its tooltip and accessible
 * description saying why (it remains focusable, so a keyboard reaches the reason too; a tap shows it
 * as a toast).
 */
export function AttachButton({ endpoint, disabled, onFiles }: { endpoint: string; disabled: boolean; onFiles(files: File[]): void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const reasonId = useId();
  const name = resolveEndpoint(endpoint);
  const uploads = name ? endpointCapabilities[name].uploads : null;
  const reason = uploads ? null : t('files.no_uploads', { endpoint: name ? endpointDisplayNames[name] : endpoint });
  return (
    <>
      <Tooltip label={reason ?? t('files.attach')}>
        <button
          type="button"
          // A tap on a phone, where no tooltip shows, gets the reason as a toast.
          onClick={() => (reason ? showToast(reason) : input.current?.click())}
          disabled={disabled}
          aria-disabled={reason ? true : undefined}
          aria-describedby={reason ? reasonId : undefined}
          data-testid="attach-button"
          aria-label={t('files.attach')}
          className="inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-full text-neutral-500 transition-colors hover:bg-neutral-100 hover:text-neutral-800 disabled:cursor-not-allowed disabled:opacity-40 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-neutral-100"
        >
          <Paperclip aria-hidden className="size-5" />
        </button>
      </Tooltip>
      {reason ? (
        <span id={reasonId} hidden>
          {reason}
        </span>
      ) : null}
      <input
        ref={input}
        type="file"
        hidden
        multiple={(uploads?.maxFiles ?? 1) > 1}
        accept={acceptedExtensions(uploads?.imagesOnly ?? false)}
        data-testid="attach-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
