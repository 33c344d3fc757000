import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Outcome } from '../../protocol/classify.ts';
import { versionRecoveryOf } from '../../protocol/doctor-plan.ts';
import type { JsonValue } from '../../protocol/types.ts';
import { ResultView } from './result-view.tsx';
import type { VersionMismatchProps } from './version-mismatch.tsx';

afterEach(cleanup);

const refused = (data: JsonValue): Outcome => ({
  kind: 'error',
  error: { code: -32022, message: 'Unsupported protocol version: 2099-01-01', data },
});

function renderRefusal(outcome: Outcome, extra: Partial<VersionMismatchProps> = {}) {
  const onResend = vi.fn();
  const recovery = versionRecoveryOf(outcome, '2099-01-01');
  if (!recovery) throw new Error('not a -32022');
  render(
    <ResultView
      method="tools/call"
      outcome={outcome}
      versionMismatch={{ recovery, clientVersions: ['2026-07-28'], onResend, ...extra }}
    />,
  );
  return { onResend, region: screen.getByRole('region', { name: 'Protocol version mismatch' }) };
}

const row = (region: HTMLElement, term: string) => {
  const dt = within(region).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
};

describe('VersionMismatch', () => {
  it('shows the code, message, what the server supports and what both speak, and resends with that version when clicked', async () => {
    const { onResend, region } = renderRefusal(
      refused({ supported: ['2025-06-18', '2026-07-28'], requested: '2099-01-01' }),
    );
    expect(screen.getByText('Error -32022: Unsupported protocol version: 2099-01-01')).toBeTruthy();
    expect(region.textContent).toContain("refused this request's protocol version 2099-01-01");
    expect(row(region, 'Server supports')).toBe('2025-06-18, 2026-07-28');
    expect(row(region, 'This client speaks')).toBe('2026-07-28');
    expect(row(region, 'Both speak')).toBe('2026-07-28');
    await userEvent.click(within(region).getByRole('button', { name: 'Resend with version 2026-07-28' }));
    expect(onResend).toHaveBeenCalledExactlyOnceWith('2026-07-28');
  });

  it('says so plainly and offers no button when the server lists no version this client speaks', () => {
    const { region } = renderRefusal(refused({ supported: ['2025-11-25', '<b>2024</b>'] }));
    expect(row(region, 'Both speak')).toBe('none');
    expect(within(region).getByRole('note').textContent).toContain(
      'None of the versions the server lists is one this client speaks, so there is nothing to resend with.',
    );
    expect(within(region).queryByRole('button')).toBeNull();
    expect(row(region, 'Server supports')).toBe('2025-11-25, <b>2024</b>');
    expect(document.querySelector('b')).toBeNull();
  });

  it('says the server listed nothing when data.supported is missing', () => {
    const { region } = renderRefusal(refused({ requested: '2099-01-01' }));
    expect(row(region, 'Server supports')).toContain('nothing listed');
    expect(within(region).getByRole('note').textContent).toContain('did not say which versions it supports');
    expect(within(region).queryByRole('button')).toBeNull();
  });

  it('warns that the server contradicts itself when it lists the very version it refused', () => {
    const outcome = refused({ supported: ['2026-07-28'] });
    const recovery = versionRecoveryOf(outcome, '2026-07-28');
    if (!recovery) throw new Error('not a -32022');
    render(
      <ResultView
        method="tools/call"
        outcome={outcome}
        versionMismatch={{ recovery, clientVersions: ['2026-07-28'], onResend: () => {} }}
      />,
    );
    expect(screen.getByRole('note').textContent).toContain('the very version it refused');
    expect(screen.getByRole('button', { name: 'Resend with version 2026-07-28' })).toBeTruthy();
  });

  it('disables the resend and says why when a leg is in flight', () => {
    const { region } = renderRefusal(refused({ supported: ['2026-07-28'] }), { disabledReason: 'A leg is in flight.' });
    const button = within(region).getByRole('button', { name: 'Resend with version 2026-07-28' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(region.textContent).toContain('A leg is in flight.');
  });

  it('caps a long list from the server and says how many more there are', () => {
    const many = Array.from({ length: 30 }, (_, i) => `v${i}`);
    const { region } = renderRefusal(refused({ supported: many }));
    expect(row(region, 'Server supports')).toMatch(/v11 and 18 more$/);
  });
});
