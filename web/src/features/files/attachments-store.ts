import type { MessageFile, UploadedFile } from '@parley/core';
import { create } from 'zustand';

/** A file in the message being written: a placeholder id while it uploads, the server's id after. */
export interface Attachment {
  /** The placeholder id, then the real one (SPEC point 5: "the id is a placeholder while uploading"). */
  id: string;
  filename: string;
  uploading: boolean;
  /** 0–1 while uploading. */
  progress: number;
  /** A local preview of a picture (object URL). */
  preview?: string;
  type?: string;
  /** The stored file, once uploaded. */
  file?: UploadedFile;
}

interface AttachmentsState {
  attachments: Attachment[];
  add(entry: Attachment): void;
  progress(id: string, progress: number): void;
  /** The placeholder becomes the uploaded file. */
  resolve(placeholderId: string, file: UploadedFile): void;
  remove(id: string): void;
  /** A failed upload, a sent message and a new chat clear the whole list (SPEC point 5). */
  clear(): void;
}

const release = (a: Attachment) => {
  if (a.preview) URL.revokeObjectURL(a.preview);
};

export const useAttachments = create<AttachmentsState>((set, get) => ({
  attachments: [],
  add: (entry) => set((s) => ({ attachments: [...s.attachments, entry] })),
  progress: (id, progress) => set((s) => ({ attachments: s.attachments.map((a) => (a.id === id ? { ...a, progress } : a)) })),
  resolve: (placeholderId, file) =>
    set((s) => ({
      attachments: s.attachments.map((a) =>
        a.id === placeholderId ? { ...a, id: file.id, filename: file.filename, type: file.type, uploading: false, progress: 1, file } : a,
      ),
    })),
  remove(id) {
    const gone = get().attachments.find((a) => a.id === id);
    if (gone) release(gone);
    set((s) => ({ attachments: s.attachments.filter((a) => a.id !== id) }));
  },
  clear() {
    get().attachments.forEach(release);
    set({ attachments: [] });
  },
}));

export const isUploading = () => useAttachments.getState().attachments.some((a) => a.uploading);

/** The uploaded files of the message being written, as the message will store them. */
export function attachedMessageFiles(): MessageFile[] {
  return useAttachments
    .getState()
    .attachments.flatMap((a) => (a.file ? [a.file] : []))
    .map((f) => ({ file_id: f.id, filename: f.filename, type: f.type, bytes: f.bytes, ...(f.width && f.height ? { width: f.width, height: f.height } : {}) }));
}
