import { useEffect } from 'react';

/** Asks search engines to leave the calling page out (the server says so too, in X-Robots-Tag). */
export function useNoindex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}
