import { messageFileOf, type MessageFile, type UploadedFile } from '@parley/core';
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
  /** The files of a message the server took: they went with it. */
  removeMany(ids: readonly string[]): void;
  /** A failed upload and a new chat clear the whole list (SPEC point 5). */
  clear(): void;
  /**
   * The chat session these files were carried into: a message re-sent as a new chat (its first
   * try was refused) keeps its files until the server takes it.
   */
  carriedInto: number | null;
  carryInto(session: number): void;
  /** Another chat opened: its list starts empty, unless the files were carried into it. */
  enterSession(session: number): void;
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
  remove: (id) => get().removeMany([id]),
  removeMany(ids) {
    const gone = (a: Attachment) => ids.includes(a.id);
    get().attachments.filter(gone).forEach(release);
    set((s) => ({ attachments: s.attachments.filter((a) => !gone(a)) }));
  },
  clear() {
    get().attachments.forEach(release);
    set({ attachments: [], carriedInto: null });
  },
  carriedInto: null,
  carryInto: (session) => set({ carriedInto: session }),
  enterSession(session) {
    if (get().carriedInto !== session) get().clear();
  },
}));

export const isUploading = () => useAttachments.getState().attachments.some((a) => a.uploading);

/** The uploaded files of the message being written, as the message will store them. */
export function attachedMessageFiles(): MessageFile[] {
  return useAttachments
    .getState()
    .attachments.flatMap((a) => (a.file ? [a.file] : []))
    .map(messageFileOf);
}
