import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Outcome } from '../../protocol/classify.ts';
import { sessionRuns, type RunChoice } from '../../session/io/compare-runs.ts';
import { serializeSessionFile } from '../../session/io/session-file.ts';
import { testSession } from '../../session/io/session.fixtures.ts';
import { CompareRunsPanel } from './compare-runs-panel.tsx';

afterEach(cleanup);

const runs = () => sessionRuns(testSession());
const verdict = () => screen.getByRole('status', { name: 'Comparison verdict' });

function addFile(name: string, text: string) {
  const input = screen.getByLabelText('Add runs from a session file or HAR');
  fireEvent.change(input, { target: { files: [new File([text], name, { type: 'application/json' })] } });
}

describe('CompareRunsPanel', () => {
  it('compares the first run with another run of the same call by default and shows the diff', () => {
    render(<CompareRunsPanel sessionRuns={runs()} onClose={vi.fn()} />);
    expect((screen.getByRole('combobox', { name: 'Run A' }) as HTMLSelectElement).value).toBe('session:c1');
    expect((screen.getByRole('combobox', { name: 'Run B' }) as HTMLSelectElement).value).toBe('session:c3');
    expect(verdict().textContent).toBe('Differs in 1 of 2 rounds.');
    const round2 = screen.getByRole('listitem', { name: 'Round 2: differs' });
    expect(round2.textContent).toContain('- A: complete');
    expect(round2.textContent).toContain('+ B: (not reached)');
  });

  it('lines a file run up with the session run of the same call when a session file is added', async () => {
    const file = serializeSessionFile({
      format: 'mrtr-inspector-session',
      version: 1,
      exportedAt: '2026-01-01T00:00:00Z',
      redacted: true,
      session: testSession(),
    } as never);
    render(<CompareRunsPanel sessionRuns={runs()} onClose={vi.fn()} />);
    addFile('old.json', file);
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Run A' }) as HTMLSelectElement).value).toBe('file:0'),
    );
    expect((screen.getByRole('combobox', { name: 'Run B' }) as HTMLSelectElement).value).toBe('session:c1');
    expect(verdict().textContent).toBe('Same in every round (2).');
  });

  it('says what is wrong and keeps the runs when the file is not a session file or HAR', async () => {
    render(<CompareRunsPanel sessionRuns={runs()} onClose={vi.fn()} />);
    addFile('notes.json', '{"hello": 1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^notes\.json is not a session file or HAR: The file is not valid JSON/);
    expect(within(screen.getByRole('combobox', { name: 'Run A' })).getAllByRole('option')).toHaveLength(3);
  });

  it('warns when the two runs are different calls', () => {
    render(<CompareRunsPanel sessionRuns={runs()} onClose={vi.fn()} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Run B' }), { target: { value: 'session:c2' } });
    expect(screen.getByText(/These are different calls/)).toBeTruthy();
  });

  it('finds the runs the same when the differing field is ignored', () => {
    const done = (text: string): Outcome => ({
      kind: 'complete',
      result: { content: [{ type: 'text', text }] },
      resultTypeMissing: true,
    });
    const run = (id: string, text: string): RunChoice => ({
      id,
      label: id,
      method: 'tools/call',
      name: 'clock',
      outcomes: [done(text)],
    });
    render(<CompareRunsPanel sessionRuns={[run('a', 'at 10:01'), run('b', 'at 10:02')]} onClose={vi.fn()} />);
    expect(verdict().textContent).toBe('Differs in 1 of 1 rounds.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Ignore fields' }), { target: { value: 'content.*.text' } });
    expect(verdict().textContent).toBe('Same in every round (1).');
  });
});
