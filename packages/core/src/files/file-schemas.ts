import { z } from 'zod';

/** `POST /api/ask/files/upload` answers the stored file. */
export const uploadedFileSchema = z.object({
  id: z.string(),
  filename: z.string(),
  /** The sniffed media type, never the one the client declared. */
  type: z.string(),
  bytes: z.number().int(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/**
 * A file as a message keeps it (`message.files`; generated images are files too): the uploaded
 * file under `file_id`, the name the wire format gives it.
 */
export const messageFileSchema = uploadedFileSchema.omit({ id: true }).extend({ file_id: z.string() });
export type MessageFile = z.infer<typeof messageFileSchema>;

/** An uploaded file as a message stores it. */
export function messageFileOf({ id, ...file }: UploadedFile): MessageFile {
  return { file_id: id, ...file };
}

/** The ask body's `files`: ids of the caller's uploads, checked against the endpoint's limit on the server. */
export const askFilesSchema = z.array(z.object({ id: z.string().min(1).max(200) })).max(5);

/** Where a stored file is served; `thumb` asks for the small preview of an image. */
export function fileUrl(id: string, size?: 'thumb'): string {
  return `/api/files/${encodeURIComponent(id)}${size ? `?size=${size}` : ''}`;
}

/** Where a message text names a stored file: `/api/files/<id>` (a generated picture). */
const fileUrlInText = /\/api\/files\/([0-9a-f-]{36})/g;

/** The ids of the files a message text shows as `/api/files/<id>` images (generated pictures). */
export function fileIdsInText(text: string): string[] {
  return [...text.matchAll(fileUrlInText)].map((m) => m[1]!);
}

/** The text with each `/api/files/<id>` replaced by the address `to` gives that id (a share's own, say). */
export function replaceFileUrls(text: string, to: (id: string) => string): string {
  return text.replace(fileUrlInText, (_, id: string) => to(id));
}
