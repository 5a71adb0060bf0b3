/**
 * The element that last had the focus outside any menu. A dialog opened from a menu item (the
 * account menu's Settings, a conversation's Share) finds its item gone when it closes; it returns
 * the focus to what was focused before the menu opened (the menu's button) instead.
 */
let lastFocused: HTMLElement | null = null;

if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && !target.closest('[role="menu"]')) lastFocused = target;
    },
    true,
  );
  // A menu's button opened with the pointer never takes the focus (Radix keeps it for the menu): it counts as focused.
  document.addEventListener(
    'pointerdown',
    (event) => {
      const trigger = event.target instanceof Element ? event.target.closest<HTMLElement>('[aria-haspopup="menu"]') : null;
      if (trigger) lastFocused = trigger;
    },
    true,
  );
}

export const focusedBeforeMenus = (): HTMLElement | null => lastFocused;

/** Focuses `element` if it is still on the page and shown; answers whether it did. */
export function refocus(element: HTMLElement | null): boolean {
  if (!element?.isConnected || element.getClientRects().length === 0) return false;
  element.focus();
  return document.activeElement === element;
}
