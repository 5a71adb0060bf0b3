import type { KeyboardEvent } from 'react';

/** The keys that move from the model picker's search box or its list into the models: ↓ to the first, ↑ to the last. */
export const listKeys = new Set(['ArrowDown', 'ArrowUp']);

/**
 * The model picker's arrows outside its items: from the search box or the list itself ↓ focuses
 * the first model and ↑ the last, and the menu's own keys go on from there.
 */
export function enterList(event: KeyboardEvent<HTMLElement>): void {
  const target = event.target as HTMLElement;
  if (target.getAttribute('role') === 'menuitem' || !listKeys.has(event.key)) return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const item = event.key === 'ArrowDown' ? items[0] : items.at(-1);
  if (!item) return;
  // Taken here, the menu leaves the key alone.
  event.preventDefault();
  item.focus();
}
