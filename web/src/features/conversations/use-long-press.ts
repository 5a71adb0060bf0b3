import { useEffect, useRef, type MouseEvent, type PointerEvent, type SyntheticEvent } from 'react';

/** How long a finger rests before the hold counts, as on the platforms' own lists. */
const holdMs = 500;
/** A finger moving further than this is scrolling the list, not holding a row. */
const slopPx = 10;

/**
 * Touch-and-hold on an element calls `onHold` (iOS fires no contextmenu for it); a right click
 * or Android's own long-press contextmenu does the same. The tap that ends a hold does not
 * also follow the row's link.
 */
export function useLongPress(onHold: () => void) {
  const timer = useRef<number | undefined>(undefined);
  const start = useRef<{ x: number; y: number } | null>(null);
  const held = useRef(false);
  const cancel = () => {
    window.clearTimeout(timer.current);
    start.current = null;
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  // React bubbles events from portals (the menu itself) through the row: only the row's own count.
  const onRow = (event: SyntheticEvent) => event.currentTarget.contains(event.target as Node);

  return {
    onPointerDown: (event: PointerEvent) => {
      held.current = false;
      if (event.pointerType !== 'touch' || !onRow(event)) return;
      start.current = { x: event.clientX, y: event.clientY };
      timer.current = window.setTimeout(() => {
        held.current = true;
        start.current = null;
        onHold();
      }, holdMs);
    },
    onPointerMove: (event: PointerEvent) => {
      if (start.current && Math.hypot(event.clientX - start.current.x, event.clientY - start.current.y) > slopPx) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onContextMenu: (event: MouseEvent) => {
      if (!onRow(event)) return;
      event.preventDefault();
      onHold();
    },
    onClickCapture: (event: MouseEvent) => {
      if (!held.current) return;
      held.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}
