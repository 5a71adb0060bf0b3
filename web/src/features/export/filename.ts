export const FILENAME_MAX_LENGTH = 200;
const FALLBACK = 'file';

// Reserved on Windows or meaningful to shells and paths everywhere; control characters included.
// eslint-disable-next-line no-control-regex
const unsafe = /[<>:"/\\|?*\u0000-\u001f\u007f-\u009f]/g;
const edges = /^[\s.]+|[\s.]+$/g;
/** The ellipsis a shortened title ends with: a file name has no use for it. */
const ellipsis = /\u2026/g;

/**
 * A conversation title made safe as a download name (SPEC point 5 leaves the rules open):
 * path separators, control and reserved characters and a shortened title's “…” removed, leading and trailing dots and
 * spaces trimmed, at most 200 characters (never splitting a surrogate pair), 'file' if
 * nothing is left.
 */
export function sanitizeFilename(name: string): string {
  const cleaned = name.replace(unsafe, '').replace(ellipsis, '').replace(/\s{2,}/g, ' ').replace(edges, '');
  const cut = Array.from(cleaned).slice(0, FILENAME_MAX_LENGTH).join('').replace(edges, '');
  return cut || FALLBACK;
}
