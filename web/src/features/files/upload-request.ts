import { uploadedFileSchema, type ApiErrorBody, type UploadedFile } from '@parley/core';
import { authHeaders } from '../../api/client.ts';

export class UploadError extends Error {
  constructor(
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/**
 * `POST /api/ask/files/upload` through XMLHttpRequest, the one browser API that reports upload
 * progress. The form carries the endpoint, model and (in keys mode) the stored key as `userid`.
 */
export function uploadRequest(file: File, fields: { endpoint: string; model: string }, onProgress: (share: number) => void): Promise<UploadedFile> {
  const form = new FormData();
  form.append('endpoint', fields.endpoint);
  form.append('model', fields.model);
  const headers = authHeaders();
  if (headers['X-Api-Key']) form.append('userid', headers['X-Api-Key']);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/ask/files/upload');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new UploadError('network', xhr.statusText));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = uploadedFileSchema.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else reject(new UploadError(undefined, 'unexpected answer'));
        return;
      }
      const error = body as Partial<ApiErrorBody> | undefined;
      reject(new UploadError(error?.error ?? (xhr.status === 401 ? 'unauthorized' : undefined), error?.message ?? String(xhr.status)));
    };
    xhr.send(form);
  });
}
