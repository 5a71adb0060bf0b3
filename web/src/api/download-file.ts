import { apiFetch } from './client.ts';

/** How long the object URL stays valid: the browser reads it after the click returns. */
const revokeAfterMs = 60_000;

/** Saves a blob through the browser's download flow under `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), revokeAfterMs);
}

/** Downloads a file the server sends (a CSV export) under the caller's authorisation, saved as `fileName`. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  downloadBlob(await (await apiFetch(path)).blob(), fileName);
}
