import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { askResult } from '../../protocol/lint/lint-legs.fixtures.ts';
import { reduce } from '../../session/reducer.ts';
import { sessionWith } from '../../session/timeline/timeline.fixtures.ts';
import { timelineRows } from '../../session/timeline/timeline-rows.ts';
import { ConversationHeader } from './conversation-header.tsx';

const T0 = new Date(2026, 6, 28, 14, 3, 7).getTime();

function rowOf(session: ReturnType<typeof sessionWith>) {
  const row = timelineRows(session)[0];
  if (!row) throw new Error('no row');
  return row;
}

const provision = (name: string) =>
  sessionWith([
    { id: 'c', title: 'provision', params: { name: 'provision', arguments: { name, size: 3, extra: 1 } }, legs: [{}] },
  ]);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ConversationHeader', () => {
  it('names the arguments and the start time when two calls of one tool would otherwise read the same', () => {
    const session = provision('db17');
    session.conversations.c = { ...session.conversations.c!, createdAt: T0 };
    render(<ConversationHeader row={rowOf(session)} expanded onToggle={() => {}} />);
    const header = screen.getByRole('button', { name: /provision/ });
    expect(header.textContent).toContain('name: "db17", size: 3, …');
    expect(header.textContent).toContain('14:03:07');
    expect(header.querySelector('time')?.getAttribute('dateTime')).toBe(new Date(T0).toISOString());
    expect(header.textContent).toContain('1 leg');
  });

  it('renders an argument holding markup as text when a server or user put HTML in it', () => {
    render(<ConversationHeader row={rowOf(provision('<img src=x onerror=alert(1)>'))} expanded onToggle={() => {}} />);
    const header = screen.getByRole('button', { name: /provision/ });
    expect(header.querySelector('img')).toBeNull();
    expect(header.textContent).toContain('name: "<img src=x');
  });

  it('ticks "in flight" while a leg is out and stops when its answer is recorded', () => {
    const started = sessionWith([{ id: 'c', title: 'slow_response', params: { name: 'slow_response' }, legs: [] }]);
    const sent = reduce(started, { type: 'leg/sent', conversationId: 'c', rpcId: 1, at: T0 });
    const { rerender } = render(<ConversationHeader row={rowOf(sent)} expanded onToggle={() => {}} />);
    const header = screen.getByRole('button', { name: /slow_response/ });
    expect(header.textContent).toContain('in flight 0.0 s');
    expect(header.textContent).not.toContain('0 rounds');
    act(() => vi.advanceTimersByTime(3_200));
    expect(header.textContent).toContain('in flight 3.2 s');
    expect(vi.getTimerCount()).toBe(1);

    const answered = sessionWith([{ id: 'c', title: 'slow_response', legs: [{ durationMs: 3_300 }] }]);
    rerender(<ConversationHeader row={rowOf(answered)} expanded onToggle={() => {}} />);
    expect(header.textContent).not.toContain('in flight');
    expect(header.textContent).toContain('1 leg · 3.30 s');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('counts rounds of questions and legs apart when a call asked three times before it completed', () => {
    const ask = (key: string) => ({ result: askResult([key], `S-${key}`) });
    const session = sessionWith([
      {
        id: 'c',
        title: 'rolling_upgrade',
        legs: [ask('a'), ask('b'), ask('c'), { result: { resultType: 'complete' } }],
      },
    ]);
    render(<ConversationHeader row={rowOf(session)} expanded onToggle={() => {}} />);
    expect(screen.getByRole('button', { name: /rolling_upgrade/ }).textContent).toContain('3 rounds · 4 legs');
  });

  it('runs no timer when nothing is in flight', () => {
    render(<ConversationHeader row={rowOf(provision('db1'))} expanded onToggle={() => {}} />);
    expect(vi.getTimerCount()).toBe(0);
  });
});
