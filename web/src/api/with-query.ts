/** A query parameter's value; undefined, null and '' are left out. */
export type QueryValue = string | number | boolean | undefined | null;

/** `path?name=value…` with the parameters that have a value. */
export function withQuery(path: string, params: Record<string, QueryValue> = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
