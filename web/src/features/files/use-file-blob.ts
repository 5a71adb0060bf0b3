import { useEffect, useState } from 'react';
import { apiFetch } from '../../api/client.ts';

/**
 * An object URL of one of the caller's files: `/api/files/:id` needs the bearer token, which
 * an `<img src>` cannot send, so the bytes are fetched and shown from memory.
 */
export function useFileBlob(url: string | undefined): string | undefined {
  const [objectUrl, setObjectUrl] = useState<string>();
  useEffect(() => {
    if (!url) return;
    let revoked = false;
    let made: string | undefined;
    apiFetch(url)
      .then((res) => res.blob())
      .then((blob) => {
        if (revoked) return;
        made = URL.createObjectURL(blob);
        setObjectUrl(made);
      })
      .catch((error: unknown) => console.warn('could not load a file', url, error));
    return () => {
      revoked = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return objectUrl;
}
