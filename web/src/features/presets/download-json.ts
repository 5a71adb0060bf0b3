/** Hands a JSON text to the browser as a file download. */
export function downloadJson(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is no longer needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
