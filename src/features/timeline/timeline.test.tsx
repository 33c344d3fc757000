import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bigSession } from '../../session/timeline/timeline.fixtures.ts';
import { flattenTimeline } from '../../session/timeline/timeline-flat.ts';
import { timelineRows } from '../../session/timeline/timeline-rows.ts';
import { scrollBoxStyle, Timeline } from './timeline.tsx';

afterEach(cleanup);

const rows = timelineRows(bigSession(2_500, 4));

function renderTimeline(collapsed: Record<string, boolean> = {}, selectedLegId: string | null = null) {
  const flat = flattenTimeline(rows, collapsed);
  const onSelectLeg = vi.fn();
  const onToggle = vi.fn();
  render(
    <Timeline
      items={flat.items}
      selectedLegId={selectedLegId}
      onSelectLeg={onSelectLeg}
      onToggleConversation={onToggle}
      viewportHeight={480}
    />,
  );
  return { onSelectLeg, onToggle };
}

/** The list items that hold a leg (conversation headers are list items too). */
function legItems(): HTMLElement[] {
  return within(screen.getByRole('list', { name: 'Timeline' }))
    .getAllByRole('listitem')
    .filter((li) => within(li).queryByRole('button', { name: /^Round \d+/ }));
}

describe('Timeline', () => {
  it('puts only the visible rows in the DOM when the session holds 10,000 legs', () => {
    renderTimeline();
    const list = screen.getByRole('list', { name: 'Timeline' });
    const items = within(list).getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(5);
    expect(items.length).toBeLessThan(40);
    // conversation headers are list items too: 2,500 headers + 10,000 legs
    expect(items[0]?.getAttribute('aria-posinset')).toBe('1');
    expect(items[0]?.getAttribute('aria-setsize')).toBe('12500');
    expect(items[1]?.getAttribute('aria-posinset')).toBe('2');
  });

  it('shows a collapsed conversation as one list item holding its disclosure button when folded', async () => {
    const { onToggle } = renderTimeline({ c0: true });
    const header = screen.getByRole('button', { name: /provision #0/ });
    expect(header.getAttribute('aria-expanded')).toBe('false');
    expect(header.textContent).toContain('3 rounds · 4 legs');
    const first = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem')[0]!;
    expect(first.getAttribute('aria-setsize')).toBe('12496');
    expect(within(first).getByRole('button').getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(header);
    expect(onToggle).toHaveBeenCalledWith('c0');
  });

  it('reports the leg and its conversation when a leg row is clicked', async () => {
    const { onSelectLeg } = renderTimeline({}, 'l0-1');
    const second = legItems()[1]!;
    expect(second.getAttribute('aria-current')).toBe('true');
    expect(second.textContent).toContain('answers region');
    await userEvent.click(within(second).getByRole('button'));
    expect(onSelectLeg).toHaveBeenCalledWith('l0-1', 'c0');
  });

  it('marks the selected conversation header when it is selected without a leg', () => {
    const flat = flattenTimeline(rows.slice(0, 2), {});
    render(
      <Timeline
        items={flat.items}
        selectedLegId={null}
        selectedConversationId="c1"
        onSelectLeg={() => {}}
        onToggleConversation={() => {}}
        viewportHeight={480}
      />,
    );
    expect(screen.getByRole('button', { name: /provision #1/ }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: /provision #0/ }).getAttribute('aria-current')).toBeNull();
    expect(legItems()).toHaveLength(8);
    expect(within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem')).toHaveLength(10);
  });

  it('scrolls for a selected leg far down the list, and not at all for one already on screen', () => {
    // jsdom does not scroll: record what the list asks of its scroll box
    const asked: number[] = [];
    const had = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollTo');
    HTMLElement.prototype.scrollTo = function (this: HTMLElement, opts?: ScrollToOptions | number) {
      if (typeof opts === 'object') asked.push(opts.top ?? 0);
    } as typeof HTMLElement.prototype.scrollTo;
    const flat = flattenTimeline(rows, {});
    const list = (selectedLegId: string | null) => (
      <Timeline
        items={flat.items}
        selectedLegId={selectedLegId}
        onSelectLeg={() => {}}
        onToggleConversation={() => {}}
        viewportHeight={480}
      />
    );
    try {
      const { rerender } = render(list(null));
      asked.length = 0; // what mounting asked
      rerender(list('l0-1')); // the second leg: on screen
      expect(asked).toEqual([]);
      rerender(list('l1200-2')); // conversation 1,200: about 60,000 px down
      // asked to scroll (jsdom lays nothing out, so the box's height is 0 and the offset asked is clamped to it)
      expect(asked).toHaveLength(1);
    } finally {
      if (had) Object.defineProperty(HTMLElement.prototype, 'scrollTo', had);
      else delete (HTMLElement.prototype as { scrollTo?: unknown }).scrollTo;
    }
  });

  it('says so when there is nothing to show', () => {
    render(<Timeline items={[]} selectedLegId={null} onSelectLeg={() => {}} onToggleConversation={() => {}} />);
    expect(screen.getByRole('list', { name: 'Timeline' }).children).toHaveLength(0);
    expect(screen.getByText(/No calls yet/)).toBeTruthy();
  });
});

describe('scrollBoxStyle', () => {
  it('contains layout, style and paint of the scroll box when it has a fixed height', () => {
    expect(scrollBoxStyle(480)).toEqual({ height: 480, contain: 'strict' });
  });

  it('contains nothing when the box has no fixed height (empty list: it keeps its text height)', () => {
    expect(scrollBoxStyle(undefined)).toEqual({});
  });
});

describe('Timeline containment', () => {
  it('gives the scroll box and every row strict containment when the list has items', () => {
    renderTimeline();
    const list = screen.getByRole('list', { name: 'Timeline' });
    expect((list.parentElement as HTMLElement).style.contain).toBe('strict');
    for (const item of within(list).getAllByRole('listitem')) expect(item.style.contain).toBe('strict');
  });
});
