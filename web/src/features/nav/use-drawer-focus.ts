import { useEffect, type RefObject } from 'react';

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

function tabStops(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(focusable)].filter((el) => el.getClientRects().length > 0);
}

/**
 * The keyboard contract of a modal drawer: focus moves into it when it opens, Tab and
 * Shift+Tab cycle inside it, Escape closes it, and focus goes back to what opened it. A menu
 * or dialog opened from the drawer handles its own keys first (it marks them handled).
 */
export function useDrawerFocus(ref: RefObject<HTMLElement | null>, open: boolean, onClose: () => void) {
  useEffect(() => {
    const panel = ref.current;
    if (!open || !panel) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!panel.contains(document.activeElement)) (tabStops(panel)[0] ?? panel).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const focused = document.activeElement;
      // Focus in another layer (a dialog opened from the drawer) is that layer's to move.
      if (focused && focused !== document.body && !panel.contains(focused)) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const stops = tabStops(panel);
      const edge = event.shiftKey ? stops[0] : stops.at(-1);
      if (!edge || (panel.contains(focused) && focused !== edge)) return;
      event.preventDefault();
      (event.shiftKey ? stops.at(-1) : stops[0])?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (opener?.isConnected) opener.focus();
    };
  }, [ref, open, onClose]);
}
