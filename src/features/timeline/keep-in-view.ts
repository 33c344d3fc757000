/** What keepInView needs of the list's virtualizer (TanStack Virtual). */
export interface ViewOfList {
  /** each item's laid-out start and end, px from the list's top, as the virtualizer last measured or estimated */
  measurementsCache: readonly { start: number; end: number }[];
  /** px scrolled, null before the first measurement */
  scrollOffset: number | null;
  scrollToIndex(index: number, options: { align: 'auto' }): void;
}

/**
 * Scrolls the list so item `index` is on screen, unless it already is by the virtualizer's own figures and the scroll
 * box's `height` as rendered (the box grows with the list, so the height the virtualizer last observed is one row
 * short when a call adds a row). The check matters: `scrollToIndex` reads the box's height from the DOM, which forces
 * a layout of the whole page in the effect (a call's first frames: 20-30 ms here); the common case, a new row in a
 * short list or a row already in view, needs no scroll at all.
 */
export function keepInView(list: ViewOfList, index: number, height: number | undefined): void {
  const item = list.measurementsCache[index];
  const offset = list.scrollOffset;
  if (item && offset !== null && height !== undefined && item.start >= offset && item.end <= offset + height) return;
  list.scrollToIndex(index, { align: 'auto' });
}
