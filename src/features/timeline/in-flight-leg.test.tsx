import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InFlightLeg, LIVE_LOG_CHARS } from './in-flight-leg.tsx';

const T0 = new Date(2026, 6, 28, 14, 3, 7).getTime();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(T0 + 1_000);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('InFlightLeg', () => {
  it('says what was sent and how long ago, ticking, when a leg has no answer yet', () => {
    render(
      <InFlightLeg
        title="slow_response · round 1"
        method="tools/call"
        sentAt={T0}
        url="http://127.0.0.1:1/chaos"
        body='{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"slow_response"}}'
      />,
    );
    const panel = screen.getByRole('region', { name: 'Leg in flight' });
    expect(screen.getByRole('heading', { name: 'slow_response · round 1' })).toBeTruthy();
    expect(panel.textContent).toContain(
      'Leg in flight: sent tools/call 1.0 s ago (at 14:03:07) to http://127.0.0.1:1/chaos',
    );
    act(() => vi.advanceTimersByTime(2_200));
    expect(panel.textContent).toContain('sent tools/call 3.2 s ago');
    expect(panel.textContent).toContain('in flight 3.2 s');
    const body = screen.getByLabelText('Request body in flight');
    expect(body.textContent).toContain('"name": "slow_response"');
  });

  it('shows a hand-edited body as it is when it is not JSON', () => {
    render(<InFlightLeg title="t · round 2" method="tools/call" sentAt={T0} body="{not json" />);
    expect(screen.getByLabelText('Request body in flight').textContent).toBe('{not json');
  });

  it('stops waiting when the user asks to', async () => {
    vi.useRealTimers();
    const onStop = vi.fn();
    render(<InFlightLeg title="t · round 1" method="tools/call" sentAt={Date.now()} onStop={onStop} />);
    await userEvent.click(screen.getByRole('button', { name: 'Stop waiting' }));
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('shows the latest progress as a progress bar and each log message as text when SSE events arrive', () => {
    const note = (method: string, params: Record<string, unknown>, at: number) => ({
      data: JSON.stringify({ jsonrpc: '2.0', method, params }),
      at,
    });
    const events = [
      note('notifications/progress', { progressToken: 'p', progress: 1, total: 5, message: 'step 1' }, 10),
      note('notifications/message', { level: 'info', data: '<b>step 1</b>' }, 11),
      note('notifications/progress', { progressToken: 'p', progress: 3, total: 5, message: 'step 3' }, 30),
    ];
    const { rerender } = render(<InFlightLeg title="t · round 1" method="tools/call" sentAt={T0} events={events} />);
    const bar = screen.getByRole('progressbar', { name: 'Progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect(bar.getAttribute('aria-valuemax')).toBe('5');
    expect(bar.getAttribute('aria-valuetext')).toBe('3 of 5: step 3');
    expect(screen.getByText('3 of 5: step 3')).toBeTruthy();
    const logs = screen.getByRole('log', { name: 'Log messages' });
    // server data is text, never markup
    expect(logs.querySelector('b')).toBeNull();
    expect(logs.textContent).toContain('[info] <b>step 1</b>');
    expect(screen.getByText(/3 events received so far/)).toBeTruthy();

    rerender(
      <InFlightLeg
        title="t · round 1"
        method="tools/call"
        sentAt={T0}
        events={[...events, note('notifications/progress', { progressToken: 'p', progress: 7 }, 40)]}
      />,
    );
    const open = screen.getByRole('progressbar', { name: 'Progress' });
    expect(open.hasAttribute('aria-valuenow')).toBe(false);
    expect(open.getAttribute('aria-valuetext')).toBe('7');
  });

  it('shows the first LIVE_LOG_CHARS characters of a long log message, the rest on "Show all", while the leg is in flight', async () => {
    const long = `${'a'.repeat(LIVE_LOG_CHARS)}${'b'.repeat(4_800)}`;
    const message = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: long } };
    render(<InFlightLeg title="t · round 1" method="tools/call" sentAt={T0} events={[{ data: '', at: 1, message }]} />);
    const logs = screen.getByRole('log', { name: 'Log messages' });
    expect(logs.textContent).toContain('a'.repeat(LIVE_LOG_CHARS));
    expect(logs.textContent).not.toContain('b');
    await userEvent.click(screen.getByRole('button', { name: 'Show all 5,000 characters' }));
    expect(logs.textContent).toContain(long);
  });

  it('shows no progress bar or log when no event has arrived yet', () => {
    render(<InFlightLeg title="t · round 1" method="tools/call" sentAt={T0} events={[]} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('log')).toBeNull();
  });
});
