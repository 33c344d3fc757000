import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RunStoppedNote } from './run-stopped-note.tsx';

afterEach(cleanup);

describe('RunStoppedNote', () => {
  it('offers to resend a failed leg as a branch', () => {
    const onResend = vi.fn();
    render(<RunStoppedNote message="Stopped: round 2 failed in transport." onResend={onResend} />);
    expect(screen.getByRole('status').textContent).toContain('Stopped: round 2 failed in transport.');
    fireEvent.click(screen.getByRole('button', { name: 'Resend as a branch' }));
    expect(onResend).toHaveBeenCalledOnce();
  });

  it('offers nothing to resend when the server refused the call', () => {
    render(<RunStoppedNote message="Refused: the server rejected the requestState." />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
