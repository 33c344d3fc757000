import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EraFigures } from '../../session/flows/compare-eras.ts';
import { CompareErasPanel } from './compare-eras-panel.tsx';

const figures = (era: 'modern' | 'legacy', over: Partial<EraFigures> = {}): EraFigures => ({
  era,
  httpRoundTrips: 2,
  clientMessages: 2,
  serverMessages: 2,
  questions: 1,
  bytesSent: 1200,
  bytesReceived: 900,
  ms: 12,
  outcome: 'complete',
  summary: 'done',
  arrows: [
    { from: 'client', text: 'tools/call' },
    { from: 'server', text: 'result' },
  ],
  ...over,
});

afterEach(cleanup);

describe('CompareErasPanel', () => {
  it('shows both eras side by side and the pitfall as text when the legacy run hit it', () => {
    render(
      <CompareErasPanel
        running={false}
        disabled={false}
        onCompare={() => {}}
        comparison={{
          modern: figures('modern'),
          legacy: figures('legacy', { httpRoundTrips: 5, outcome: 'error', summary: '-32603 <b>bad</b>' }),
          pitfall: { id: 'dual-era-pitfall', severity: 'error', title: 'The dual-era bug', detail: 'd', fix: 'f' },
        }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Eras side by side' });
    expect(table.textContent).toContain('HTTP round trips25');
    expect(screen.getByText('error: -32603 <b>bad</b>')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Sequence 2025-11-25' })).toBeTruthy();
    expect(screen.getByRole('note', { name: 'The dual-era bug' })).toBeTruthy();
  });

  it('does not start a run when disabled', () => {
    const onCompare = vi.fn();
    render(<CompareErasPanel running={false} disabled onCompare={onCompare} />);
    screen.getByRole('button', { name: 'Compare eras' }).click();
    expect(onCompare).not.toHaveBeenCalled();
  });
});
