import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Finding } from '../../protocol/doctor.ts';
import { ConnectionDoctor, type ConnectionDoctorProps } from './connection-doctor.tsx';

afterEach(cleanup);

const finding = (id: string, action: Finding['action'], title = id): Finding => ({
  id,
  severity: 'error',
  title,
  detail: `detail of ${id} <b>not html</b>`,
  fix: `fix of ${id}`,
  ...(action ? { action } : {}),
});

function renderDoctor(over: Partial<ConnectionDoctorProps> = {}) {
  const props: ConnectionDoctorProps = {
    url: 'http://s/mcp',
    errorMessage: 'HTTP 401: unauthorized',
    running: false,
    findings: [],
    probed: true,
    relayAvailable: true,
    viaRelay: false,
    supportedVersions: [],
    currentVersion: '2026-07-28',
    onUseRelay: vi.fn(),
    onEnterToken: vi.fn(),
    onUseVersion: vi.fn(),
    ...over,
  };
  render(<ConnectionDoctor {...props} />);
  return props;
}

describe('ConnectionDoctor', () => {
  it('shows each finding with its detail and fix, and runs its action when the button is pressed', async () => {
    const props = renderDoctor({
      findings: [
        finding('preflight-refused', 'use-relay', 'Preflight refused'),
        finding('auth-required', 'enter-token', 'Needs a token'),
        finding('unsupported-version', 'pick-version', 'Bad version'),
      ],
      supportedVersions: ['2026-07-28', '2025-11-25'],
    });
    const items = screen.getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual([
      'Preflight refused',
      'Needs a token',
      'Bad version',
    ]);
    expect(items[0]!.textContent).toContain('detail of preflight-refused <b>not html</b>');
    expect(items[0]!.textContent).toContain('What to do: fix of preflight-refused');
    expect(document.querySelector('b')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Use the relay' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enter a token' }));
    // the version already refused is not offered again
    expect(screen.queryByRole('button', { name: 'Use version 2026-07-28' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Use version 2025-11-25' }));
    expect(props.onUseRelay).toHaveBeenCalledOnce();
    expect(props.onEnterToken).toHaveBeenCalledOnce();
    expect(props.onUseVersion).toHaveBeenCalledWith('2025-11-25');
  });

  it('disables the relay button and says why when the app has no relay', () => {
    renderDoctor({ findings: [finding('preflight-refused', 'use-relay')], relayAvailable: false, probed: false });
    expect((screen.getByRole('button', { name: 'Use the relay' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/only when the app runs with npm start/)).toBeTruthy();
  });

  it('offers no relay button when the connection already uses the relay', () => {
    renderDoctor({ findings: [finding('forbidden', 'use-relay')], viaRelay: true });
    expect(screen.queryByRole('button', { name: 'Use the relay' })).toBeNull();
  });

  it('says checks are running while the probe is out', () => {
    renderDoctor({ running: true });
    expect(screen.getByRole('status').textContent).toContain('Running the connection checks');
    expect(screen.getByRole('alert').textContent).toBe('Could not connect to http://s/mcp');
  });
});
