const MAX_NAME_LENGTH = 180;

/** Control characters and the bidi marks that can make `exe.txt` read as `txt.exe`. */
const isInvisible = (c: string) => {
  const code = c.codePointAt(0)!;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x200e || code === 0x200f || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
};

/**
 * A display name safe for headers, paths and the page: the last path segment, NFC, without
 * control, bidi-override or reserved characters, no leading dots, at most 180 characters with the
 * extension kept. Storage keys never use it; it is only shown and offered as the download name.
 */
export function sanitizeFilename(raw: string): string {
  const base = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const cleaned = [...base]
    .filter((c) => !isInvisible(c))
    .join('')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  if (cleaned === '') return 'file';
  if (cleaned.length <= MAX_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
}
