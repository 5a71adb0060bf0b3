/**
 * How big an exported picture may be. Chromium refuses canvases past 32,767 device pixels a side
 * and large ones cost a lot of memory, so a picture stays within 16,000 device pixels tall.
 */
export const maxShotPixels = 16_000;
const preferredScale = 2;

/**
 * The pixel ratio for a picture of this CSS height: 2× for sharp text, less for a long thread so
 * it stays within the cap, never below 1× (a thread taller than the cap is cut instead).
 */
export function shotScale(cssHeight: number): number {
  if (cssHeight <= 0) return preferredScale;
  return Math.max(1, Math.min(preferredScale, maxShotPixels / cssHeight));
}

/**
 * How many of the messages fit when a thread is taller than the cap even at 1×: `bottoms` are
 * each message's bottom edge in CSS pixels, `room` the height left for messages. At least one is
 * kept so the picture is never empty.
 */
export function messagesThatFit(bottoms: readonly number[], room: number): number {
  const fitting = bottoms.findIndex((bottom) => bottom > room);
  return fitting === -1 ? bottoms.length : Math.max(1, fitting);
}
