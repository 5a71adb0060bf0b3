import { acceptedExtensions, endpointCapabilities, resolveEndpoint } from '@parley/core';
import { Paperclip } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../components/ui/tooltip.tsx';

/** The paperclip of the input: opens the file picker with the types the endpoint takes. */
export function AttachButton({ endpoint, disabled, onFiles }: { endpoint: string; disabled: boolean; onFiles(files: File[]): void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const name = resolveEndpoint(endpoint);
  const uploads = name ? endpointCapabilities[name].uploads : null;
  return (
    <>
      <Tooltip label={t('files.attach')}>
        <button
          type="button"
          onClick={() => input.current?.click()}
          disabled={disabled}
          data-testid="attach-button"
          aria-label={t('files.attach')}
          className="inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-full text-neutral-500 transition-colors hover:bg-neutral-100 hover:text-neutral-800 disabled:cursor-not-allowed disabled:opacity-40 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-neutral-100"
        >
          <Paperclip aria-hidden className="size-5" />
        </button>
      </Tooltip>
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
