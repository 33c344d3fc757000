import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { dualEraPitfall } from '../../protocol/era.ts';
import { ResultView } from './result-view.tsx';

afterEach(cleanup);

describe('ResultView with the dual-era bug', () => {
  it('shows the doctor region with what happened and what to do when the error is the dual-era bug', () => {
    const error = { code: -32603, message: 'Handler returned an invalid result' };
    const finding = dualEraPitfall({ era: 'legacy', method: 'tools/call', name: 'dual_era_pitfall', error })!;
    render(<ResultView outcome={{ kind: 'error', error }} method="tools/call" eraPitfall={finding} />);
    const doctor = screen.getByRole('region', { name: 'Connection doctor on this call' });
    expect(doctor.textContent).toContain('The dual-era bug');
    expect(doctor.textContent).toContain('dual_era_pitfall needs input');
    expect(doctor.textContent).toContain('What to do:');
  });

  it('shows no doctor region when the error is not the dual-era bug', () => {
    render(<ResultView outcome={{ kind: 'error', error: { code: -32603, message: 'db down' } }} method="tools/call" />);
    expect(screen.queryByRole('region', { name: 'Connection doctor on this call' })).toBeNull();
  });
});
