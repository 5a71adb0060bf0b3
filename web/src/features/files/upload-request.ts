import { uploadedFileSchema, type ApiErrorBody, type UploadedFile } from '@parley/core';
import { authHeaders, sendRenewing } from '../../api/client.ts';

export class UploadError extends Error {
  constructor(
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

interface UploadAnswer {
  status: number;
  body: unknown;
}

/**
 * One `POST /api/ask/files/upload` through XMLHttpRequest, the one browser API that reports
 * upload progress. The form carries the endpoint, model and (in keys mode) the stored key as
 * `userid`; the headers are read when it is sent, so a retry carries a refreshed token.
 */
function sendUpload(file: File, fields: { endpoint: string; model: string }, onProgress: (share: number) => void): Promise<UploadAnswer> {
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
      resolve({ status: xhr.status, body });
    };
    xhr.send(form);
  });
}

function readAnswer({ status, body }: UploadAnswer): UploadedFile {
  if (status >= 200 && status < 300) {
    const parsed = uploadedFileSchema.safeParse(body);
    if (parsed.success) return parsed.data;
    throw new UploadError(undefined, 'unexpected answer');
  }
  const error = body as Partial<ApiErrorBody> | undefined;
  throw new UploadError(error?.error ?? (status === 401 ? 'unauthorized' : undefined), error?.message ?? String(status));
}

/**
 * Uploads a file with progress. An expired session (401) is refreshed once by the API client, as
 * for every other call, and the file is sent again (its progress from zero) with the new token.
 */
export async function uploadRequest(file: File, fields: { endpoint: string; model: string }, onProgress: (share: number) => void): Promise<UploadedFile> {
  let sends = 0;
  const answer = await sendRenewing(() => {
    if (sends++ > 0) onProgress(0);
    return sendUpload(file, fields, onProgress);
  });
  return readAnswer(answer);
}
