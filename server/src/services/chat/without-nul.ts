/**
 * PostgreSQL text and jsonb cannot hold U+0000, so a NUL in a model's output would fail every
 * save of the reply. It is dropped as it arrives: what streams is exactly what is stored.
 */
export const withoutNul = (text: string): string => (text.includes('\0') ? text.replaceAll('\0', '') : text);

/** A tool's input or output (stored as jsonb) with NUL dropped from every string in it, keys included. */
export function jsonWithoutNul(value: unknown): unknown {
  if (typeof value === 'string') return withoutNul(value);
  if (Array.isArray(value)) return value.map(jsonWithoutNul);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [withoutNul(key), jsonWithoutNul(v)]));
  }
  return value;
}
