import { useSyncExternalStore } from 'react';

const isDark = () => document.documentElement.classList.contains('dark');

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/** Whether the page is drawn dark (the `dark` class the theme setting puts on <html>), updated as it changes. */
export function useDarkClass(): boolean {
  return useSyncExternalStore(subscribe, isDark, () => false);
}
