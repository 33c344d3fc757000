import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Composer } from './composer.tsx';
import { composerProps } from './composer.fixtures.ts';

afterEach(cleanup);

const props = composerProps;

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

  it('says what an unanswered response to a pushed 2025-11-25 request is: no retry, so nothing is asked again', () => {
    render(<Composer {...props({ unanswered: ['roots/list #0'], isResponse: true, sendLabel: 'Send response' })} />);
    const override = screen.getByRole('checkbox', { name: /^Send without answering roots\/list #0/ });
    expect(override.parentElement?.textContent).toContain('a response with neither result nor error');
    expect(override.parentElement?.textContent).not.toContain('asks again');
  });

  it('sends at once when every request is answered', async () => {
    const p = props();
    render(<Composer {...p} />);
    expect(screen.queryByRole('checkbox', { name: /Send without answering/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send retry' }));
    expect(p.onSend).toHaveBeenCalledTimes(1);
  });

  it('shows why there is no requestState instead of the box and the lab when the leg is a JSON-RPC response', () => {
    const noState = 'A JSON-RPC response to elicitation/create #0: it carries no requestState.';
    render(
      <Composer
        {...props({ sendLabel: 'Send response', requestState: undefined, originalRequestState: undefined, noState })}
        lab={<p>the requestState lab</p>}
      />,
    );
    expect(screen.queryByRole('textbox', { name: 'requestState' })).toBeNull();
    expect(screen.queryByText('the requestState lab')).toBeNull();
    expect(screen.getByText(noState)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send response' })).toBeTruthy();
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
});
