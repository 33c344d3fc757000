import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { bigSession } from '../../session/timeline/timeline.fixtures.ts';
import { flattenTimeline } from '../../session/timeline/timeline-flat.ts';
import { timelineRows } from '../../session/timeline/timeline-rows.ts';
import { flingText, isFling } from './fling-row.tsx';
import { Timeline } from './timeline.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const flat = flattenTimeline(timelineRows(bigSession(500, 4)), {});

describe('isFling', () => {
  it('is a fling while scrolling more than the list height since the last drawing', () => {
    expect(isFling(true, 1_900, 480)).toBe(true);
    expect(isFling(true, 481, 480)).toBe(true);
    expect(isFling(true, 420, 480)).toBe(false); // Page Down, a wheel, a slowing fling: some rows stay, full rows
    expect(isFling(false, 1_900, 480)).toBe(false); // stopped
  });
});

describe('flingText', () => {
  it('says a leg in one line: round, method, name, outcome and status', () => {
    const leg = flat.items.find((i) => i.kind === 'leg')!;
    expect(flingText(leg)).toMatch(/^#1 tools\/call provision · input_required · HTTP 200$/);
  });

  it('says a header in one line: fold, time, title, status and counts', () => {
    const header = flat.items[0]!;
    expect(flingText(header)).toMatch(/^- \d\d:\d\d:\d\d provision #0 · \w+ · 3 rounds · 4 legs$/);
  });
});

describe('Timeline flung', () => {
  function scrollTo(box: HTMLElement, top: number) {
    box.scrollTop = top;
    act(() => {
      box.dispatchEvent(new Event('scroll'));
    });
  }

  it('draws plain rows while flung and full rows (buttons) once the scroll stops', () => {
    vi.useFakeTimers();
    render(
      <Timeline
        items={flat.items}
        selectedLegId={null}
        onSelectLeg={() => {}}
        onToggleConversation={() => {}}
        viewportHeight={480}
      />,
    );
    const list = screen.getByRole('list', { name: 'Timeline' });
    const box = list.parentElement!;
    const plainRows = () =>
      within(list)
        .getAllByRole('listitem')
        .filter((li) => !within(li).queryByRole('button'));
    scrollTo(box, 200); // less than a screen: full rows
    expect(plainRows()).toHaveLength(0);
    scrollTo(box, 4_000);
    const items = within(list).getAllByRole('listitem');
    expect(plainRows()).toHaveLength(items.length);
    expect(items[0]?.textContent).toMatch(/^(#\d |[-+] )/);
    expect(Number(items[0]?.getAttribute('aria-posinset'))).toBeGreaterThan(80); // 4,000 px down, still counted
    act(() => {
      vi.advanceTimersByTime(200); // the virtualizer's "scrolling" ends 150 ms after the last scroll event
    });
    expect(plainRows()).toHaveLength(0);
    expect(within(list).getAllByRole('button', { name: /^Round \d+ tools\/call / }).length).toBeGreaterThan(3);
  });

  it('keeps the same elements from one flung frame to the next and only changes what they say', () => {
    vi.useFakeTimers();
    render(
      <Timeline
        items={flat.items}
        selectedLegId={null}
        onSelectLeg={() => {}}
        onToggleConversation={() => {}}
        viewportHeight={480}
      />,
    );
    const list = screen.getByRole('list', { name: 'Timeline' });
    const box = list.parentElement!;
    scrollTo(box, 4_000);
    const before = within(list).getAllByRole('listitem');
    const textsBefore = before.map((li) => li.textContent);
    scrollTo(box, 8_000);
    const after = within(list).getAllByRole('listitem');
    expect(after.length).toBeGreaterThan(5);
    // every row of the second frame is an element of the first, now saying another row
    expect(after.every((li) => before.includes(li))).toBe(true);
    expect(after.map((li) => li.textContent)).not.toEqual(textsBefore);
    expect(Number(after[0]?.getAttribute('aria-posinset'))).toBeGreaterThan(160);
    expect(after[0]?.textContent).toBe(flingText(flat.items[Number(after[0]?.getAttribute('aria-posinset')) - 1]!));
  });
});
