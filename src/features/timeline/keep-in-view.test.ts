import { describe, expect, it } from 'vitest';
import { keepInView, type ViewOfList } from './keep-in-view.ts';

function list(offset: number | null, rows = 20, rowHeight = 40) {
  const scrolled: number[] = [];
  const view: ViewOfList = {
    measurementsCache: Array.from({ length: rows }, (_, i) => ({ start: i * rowHeight, end: (i + 1) * rowHeight })),
    scrollOffset: offset,
    scrollToIndex: (index) => scrolled.push(index),
  };
  return { view, scrolled };
}

describe('keepInView', () => {
  it('does not scroll (so reads nothing from the DOM) when the item is wholly on screen', () => {
    const { view, scrolled } = list(0);
    keepInView(view, 0, 400);
    keepInView(view, 9, 400); // 360-400: the last row that fits
    expect(scrolled).toEqual([]);
  });

  it('scrolls when the item is below, above or cut at an edge', () => {
    const { view, scrolled } = list(100);
    keepInView(view, 12, 400); // 480-520: below 100-500
    keepInView(view, 1, 400); // 40-80: above
    keepInView(view, 2, 400); // 80-120: cut at the top
    expect(scrolled).toEqual([12, 1, 2]);
  });

  it('scrolls when the virtualizer has not measured yet, does not know the item, or the box has no height', () => {
    const unmeasured = list(null);
    keepInView(unmeasured.view, 0, 400);
    expect(unmeasured.scrolled).toEqual([0]);
    const short = list(0, 3);
    keepInView(short.view, 5, 400);
    keepInView(short.view, 0, undefined);
    expect(short.scrolled).toEqual([5, 0]);
  });
});
