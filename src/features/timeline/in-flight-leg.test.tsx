// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InFlightLeg } from './in-flight-leg.tsx';

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
});
