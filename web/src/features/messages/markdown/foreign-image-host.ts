/** The host of an image on another origin; undefined when it is ours (`/api/files/…`) and loads as is. */
export function foreignImageHost(src: string, origin = window.location.origin): string | undefined {
  let url: URL;
  try {
    url = new URL(src, origin);
  } catch {
    return undefined;
  }
  return url.origin === origin ? undefined : url.host;
}
