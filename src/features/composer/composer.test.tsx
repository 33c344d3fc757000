// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer, type ComposerProps } from './composer.tsx';

// focus watches outlive a test (they poll for seconds): stop each one so none moves focus in the next test
const watches = vi.hoisted(() => [] as (() => void)[]);
vi.mock('../../lib/move-focus.ts', async (importOriginal) => {
  const mod = await importOriginal<typeof import('../../lib/move-focus.ts')>();
  return {
    ...mod,
    moveFocusWhenReady: (...args: Parameters<typeof mod.moveFocusWhenReady>) => {
      const stop = mod.moveFocusWhenReady(...args);
      watches.push(stop);
      return stop;
    },
  };
});

afterEach(async () => {
  await new Promise((r) => setTimeout(r, 0)); // a watch started a tick after its click
  for (const stop of watches.splice(0)) stop();
  cleanup();
});

function props(over: Partial<ComposerProps> = {}): ComposerProps {
  return {
    isRetry: true,
    url: 'http://127.0.0.1:1/mcp',
    headers: [['Mcp-Method', 'tools/call']],
    body: '{"jsonrpc":"2.0","id":2,"method":"tools/call"}',
    problems: [],
    requestState: 'v1.abc.def',
    originalRequestState: 'v1.abc.def',
    unanswered: [],
    bodyEdited: false,
    inFlight: false,
    running: false,
    roundCap: 10,
    onRequestState: vi.fn(),
    onBody: vi.fn(),
    onSend: vi.fn(),
    onRun: vi.fn(),
    onAbort: vi.fn(),
    onRoundCap: vi.fn(),
    onReset: vi.fn(),
    ...over,
  };
}

describe('Composer', () => {
  it('blocks Send retry until the user overrides when an input request is unanswered', async () => {
    const p = props({ unanswered: ['region'] });
    render(<Composer {...p} />);
    const send = screen.getByRole('button', { name: 'Send retry' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: /Send without answering region/ }));
    expect((send as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(send);
    expect(p.onSend).toHaveBeenCalledTimes(1);
  });

  it('sends at once when every request is answered', async () => {
    const p = props();
    render(<Composer {...p} />);
    expect(screen.queryByRole('checkbox', { name: /Send without answering/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send retry' }));
    expect(p.onSend).toHaveBeenCalledTimes(1);
  });

  it('shows the tampering alert only when the requestState differs from the server original', () => {
    const { rerender } = render(<Composer {...props()} />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<Composer {...props({ requestState: 'v1.abX.def' })} />);
    expect(screen.getByRole('alert').textContent).toContain('Tampering');
  });

  it('keeps focus on Send retry and ignores presses while the leg is in flight', async () => {
    const user = userEvent.setup();
    const p = props({ inFlight: true });
    render(<Composer {...p} />);
    const send = screen.getByRole('button', { name: 'Send retry' });
    expect(send.getAttribute('aria-disabled')).toBe('true');
    expect((send as HTMLButtonElement).disabled).toBe(false);
    send.focus();
    await user.keyboard('{Enter}');
    expect(p.onSend).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(send);
  });

  it('moves focus to the Result when the sent leg completes and the composer goes away', async () => {
    const user = userEvent.setup();
    const p = props();
    function Page({ phase }: { phase: 'ready' | 'flying' | 'done' }) {
      return (
        <>
          {phase !== 'done' && <Composer {...p} inFlight={phase === 'flying'} />}
          <section aria-label="Result">
            <h2>Result</h2>
          </section>
        </>
      );
    }
    const { rerender } = render(<Page phase="ready" />);
    const send = screen.getByRole('button', { name: 'Send retry' });
    send.focus();
    await user.keyboard('{Enter}');
    expect(p.onSend).toHaveBeenCalledTimes(1);
    rerender(<Page phase="flying" />);
    // in flight: nothing moves yet
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(send);
    rerender(<Page phase="done" />);
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Result' })));
  });

  it('moves focus to the first request of the next round when the answer asks again', async () => {
    const user = userEvent.setup();
    const p = props();
    function Page({ round }: { round: 1 | 2 }) {
      return (
        <>
          {round === 2 && (
            <section role="group" aria-label="region" tabIndex={-1} data-input-request="region" data-answered="false" />
          )}
          {/* a new round remounts the composer, as the conversation view keys it by the leg it follows */}
          <Composer key={round} {...p} />
          <section aria-label="Result" />
        </>
      );
    }
    const { rerender } = render(<Page round={1} />);
    await user.click(screen.getByRole('button', { name: 'Send retry' }));
    rerender(<Page round={2} />);
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('group', { name: 'region' })));
  });

  describe('Run to completion', () => {
    /** The conversation view in miniature: one composer per leg (keyed by it) while the call is not over. */
    function RunPage(q: { leg: number; running: boolean; done?: boolean; asks?: boolean; onRun?: () => void }) {
      return (
        <>
          {q.asks && (
            <section role="group" aria-label="region" data-input-request="region" data-answered="false">
              <input aria-label="Region" />
            </section>
          )}
          {!q.done && <Composer key={q.leg} {...props({ running: q.running, onRun: q.onRun ?? vi.fn() })} />}
          <section aria-label="Result">
            <h2>Result</h2>
          </section>
          <input aria-label="Search legs" />
        </>
      );
    }

    it('moves focus to the Result when the run finishes the call', async () => {
      const user = userEvent.setup();
      const onRun = vi.fn();
      const { rerender } = render(<RunPage leg={1} running={false} onRun={onRun} />);
      const run = screen.getByRole('button', { name: 'Run to completion' });
      run.focus();
      await user.keyboard('{Enter}');
      expect(onRun).toHaveBeenCalledTimes(1);
      rerender(<RunPage leg={1} running />);
      rerender(<RunPage leg={2} running />);
      // still running (a new leg's composer): nothing moves yet
      await new Promise((r) => setTimeout(r, 60));
      expect(document.activeElement).not.toBe(screen.getByRole('region', { name: 'Result' }));
      rerender(<RunPage leg={2} running done />);
      await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Result' })));
    });

    it('moves focus to the first unanswered request when the run pauses for input', async () => {
      const user = userEvent.setup();
      const { rerender } = render(<RunPage leg={1} running={false} />);
      await user.click(screen.getByRole('button', { name: 'Run to completion' }));
      rerender(<RunPage leg={1} running />);
      rerender(<RunPage leg={2} running asks />);
      await new Promise((r) => setTimeout(r, 60));
      expect(document.activeElement).not.toBe(screen.getByRole('group', { name: 'region' }));
      rerender(<RunPage leg={2} running={false} asks />);
      await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('group', { name: 'region' })));
    });

    it('moves focus to the request when the run pauses at once because a request is unanswered', async () => {
      const user = userEvent.setup();
      // the store starts and ends such a run in one go: the composer never renders as running
      render(<RunPage leg={1} running={false} asks />);
      await user.click(screen.getByRole('button', { name: 'Run to completion' }));
      await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('group', { name: 'region' })));
    });

    it('leaves focus where the user put it while the run was going', async () => {
      const user = userEvent.setup();
      const { rerender } = render(<RunPage leg={1} running={false} />);
      await user.click(screen.getByRole('button', { name: 'Run to completion' }));
      rerender(<RunPage leg={1} running />);
      const search = screen.getByRole('textbox', { name: 'Search legs' });
      await user.click(search);
      rerender(<RunPage leg={2} running done />);
      await new Promise((r) => setTimeout(r, 80));
      expect(document.activeElement).toBe(search);
    });
  });
});
