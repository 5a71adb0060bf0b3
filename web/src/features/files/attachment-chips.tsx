import { FileText, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAttachments, type Attachment } from './attachments-store.ts';
import { Tooltip } from '../../components/ui/tooltip.tsx';

function Chip({ attachment, onRemove }: { attachment: Attachment; onRemove(): void }) {
  const { t } = useTranslation();
  return (
    <li
      data-testid="attachment-chip"
      data-uploading={attachment.uploading}
      data-file-id={attachment.uploading ? undefined : attachment.id}
      className="relative flex max-w-56 items-center gap-2 overflow-hidden rounded-xl border border-neutral-200 bg-neutral-50 py-1.5 pr-8 pl-1.5 text-sm dark:border-neutral-700 dark:bg-neutral-800"
    >
      {attachment.preview ? (
        <img src={attachment.preview} alt="" className="size-9 shrink-0 rounded-lg object-cover" />
      ) : (
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-emerald-600 text-white">
          <FileText aria-hidden className="size-4" />
        </span>
      )}
      <Tooltip label={attachment.filename}>
        <span className="truncate text-neutral-800 dark:text-neutral-100">
          {attachment.uploading ? t('files.uploading', { name: attachment.filename }) : attachment.filename}
        </span>
      </Tooltip>
      {attachment.uploading ? (
        <span className="absolute inset-x-0 bottom-0 h-0.5 bg-neutral-200 dark:bg-neutral-700">
          <span className="block h-full bg-emerald-500 transition-[width]" style={{ width: `${Math.round(attachment.progress * 100)}%` }} />
        </span>
      ) : null}
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('files.remove', { name: attachment.filename })}
        data-testid="attachment-remove"
        className="absolute top-1 right-1 inline-flex size-6 cursor-pointer items-center justify-center rounded-full text-neutral-500 hover:bg-neutral-200 hover:text-neutral-900 dark:hover:bg-neutral-700 dark:hover:text-neutral-100"
      >
        <X aria-hidden className="size-3.5" />
      </button>
    </li>
  );
}

/** The files of the message being written, above the text box. */
export function AttachmentChips() {
  const attachments = useAttachments((s) => s.attachments);
  const remove = useAttachments((s) => s.remove);
  if (attachments.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2 px-1 pt-1 pb-2" data-testid="attachment-chips">
      {attachments.map((a) => (
        <Chip key={a.id} attachment={a} onRemove={() => remove(a.id)} />
      ))}
    </ul>
  );
}
