import { messageFileSchema } from '@parley/core';
import { FileText } from 'lucide-react';
import { z } from 'zod';
import { FileImage } from './file-image.tsx';

const filesSchema = z.array(messageFileSchema);

/** The files of a user message: pictures as thumbnails, documents as name chips. */
export function MessageFiles({ files }: { files: unknown }) {
  const parsed = filesSchema.safeParse(files);
  if (!parsed.success || parsed.data.length === 0) return null;
  return (
    <div className="mb-2 flex flex-wrap justify-end gap-2" data-testid="message-files">
      {parsed.data.map((file) =>
        file.type.startsWith('image/') ? (
          <FileImage key={file.file_id} id={file.file_id} filename={file.filename} className="max-h-48 max-w-60 rounded-xl object-cover" />
        ) : (
          <span key={file.file_id} className="inline-flex max-w-56 items-center gap-2 rounded-xl border border-neutral-200 bg-white px-2 py-1.5 text-sm dark:border-neutral-700 dark:bg-neutral-850">
            <FileText aria-hidden className="size-4 shrink-0 text-emerald-600" />
            <span className="truncate">{file.filename}</span>
          </span>
        ),
      )}
    </div>
  );
}
