import { sharedFileUrl, type SharedFile } from '@parley/core';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A shared message's attachments: pictures as thumbnails opening the full picture, documents as download chips. */
export function SharedFiles({ token, files }: { token: string; files: SharedFile[] }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <div className="mb-2 flex flex-wrap justify-end gap-2" data-testid="shared-files">
      {files.map((file) =>
        file.type.startsWith('image/') ? (
          <a key={file.n} href={sharedFileUrl(token, file.n)} target="_blank" rel="noreferrer" aria-label={t('files.enlarge')} className="cursor-zoom-in">
            <img src={sharedFileUrl(token, file.n, 'thumb')} alt={file.filename} width={file.width} height={file.height} className="h-auto max-h-48 max-w-60 rounded-xl object-cover" data-testid="shared-image" />
          </a>
        ) : (
          <a
            key={file.n}
            href={sharedFileUrl(token, file.n)}
            download={file.filename}
            className="inline-flex max-w-56 items-center gap-2 rounded-xl border border-neutral-200 bg-white px-2 py-1.5 text-sm text-neutral-800 hover:bg-neutral-50 dark:border-neutral-700 dark:bg-neutral-850 dark:text-neutral-100 dark:hover:bg-neutral-800"
            data-testid="shared-document"
          >
            <FileText aria-hidden className="size-4 shrink-0 text-emerald-600" />
            <span className="truncate">{file.filename}</span>
          </a>
        ),
      )}
    </div>
  );
}
