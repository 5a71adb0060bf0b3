import { layout } from '@parley/core';
import { useSyncExternalStore } from 'react';

const query = `(max-width: ${layout.mobileBreakpoint - 1}px)`;

function subscribe(onChange: () => void) {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True below the 768 px breakpoint of SPEC point 9, where the sidebar becomes a drawer. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
