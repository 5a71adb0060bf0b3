import { fileUrl } from '@parley/core';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { useFileBlob } from './use-file-blob.ts';
import { Tooltip } from '../../components/ui/tooltip.tsx';

/** Whether a URL is one of our stored files, and which. */
export function storedFileId(src: string | undefined): string | undefined {
  return src ? /^\/api\/files\/([0-9a-f-]{36})$/.exec(src)?.[1] : undefined;
}

/** A stored picture (uploaded or drawn): its thumbnail in the thread, the full picture and a download on click. */
export function FileImage({ id, alt, filename, className }: { id: string; alt?: string; filename?: string; className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const thumb = useFileBlob(fileUrl(id, 'thumb'));
  const full = useFileBlob(open ? fileUrl(id) : undefined);
  const label = alt || filename || t('files.image');
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Tooltip label={label}>
        <button type="button" onClick={() => setOpen(true)} aria-label={t('files.enlarge')} data-testid="file-image" className="cursor-zoom-in">
          {thumb ? (
            <img src={thumb} alt={label} className={className ?? 'max-h-80 max-w-full rounded-xl'} />
          ) : (
            <span className="block size-40 animate-pulse rounded-xl bg-neutral-200 dark:bg-neutral-800" />
          )}
        </button>
      </Tooltip>
      <DialogContent title={label} closeLabel={t('files.close')} className="max-w-[min(90vw,1200px)]" data-testid="image-viewer">
        {full ? (
          <div className="flex flex-col items-center gap-4 p-6">
            <img src={full} alt={label} className="max-h-[70vh] max-w-full rounded-lg" />
            <a
              href={full}
              download={filename ?? `image-${id.slice(0, 8)}.png`}
              data-testid="image-download"
              className="inline-flex items-center gap-2 rounded-lg border border-neutral-200 px-3 py-1.5 text-sm hover:bg-neutral-50 dark:border-neutral-700 dark:hover:bg-neutral-700"
            >
              <Download aria-hidden className="size-4" />
              {t('files.download')}
            </a>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
