import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MissingCapabilityRecovery } from './missing-capability.tsx';

afterEach(cleanup);

describe('MissingCapabilityRecovery (-32021)', () => {
  it('offers one manual resend per named capability and resends only when pressed', async () => {
    const onResend = vi.fn();
    render(<MissingCapabilityRecovery missing={[{ flag: 'url', label: 'elicitation.url' }]} onResend={onResend} />);
    expect(onResend).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Resend declaring elicitation.url' }));
    expect(onResend).toHaveBeenCalledWith({ flag: 'url', label: 'elicitation.url' });
  });

  it('says so and offers nothing when the server named nothing this client can declare', () => {
    render(<MissingCapabilityRecovery missing={[]} onResend={vi.fn()} />);
    expect(screen.getByRole('note').textContent).toMatch(/names none this client can declare/);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
