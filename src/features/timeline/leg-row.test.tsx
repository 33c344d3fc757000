import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bigSession } from '../../session/timeline/timeline.fixtures.ts';
import { timelineRows, type LegRow } from '../../session/timeline/timeline-rows.ts';
import { legDetailsText } from './row-text.ts';
import { LegRowButton } from './leg-row.tsx';

afterEach(cleanup);

/** A plain leg row (the facts of a real one, no lazy lint) with some fields changed. */
function plainRow(over: Partial<LegRow>): LegRow {
  const real = legRow(1);
  return { ...real, lint: real.lint, lintRules: real.lintRules, ...over };
}

function legRow(round: number): LegRow {
  const row = timelineRows(bigSession(1, 3))[0]?.legs[round - 1];
  if (!row) throw new Error('no leg row');
  return row;
}

describe('LegRowButton', () => {
  it('is one button named "Round N <method> <target>: …" that reports its leg when clicked', async () => {
    const onSelect = vi.fn();
    render(<LegRowButton row={legRow(2)} selected={false} onSelect={onSelect} />);
    const button = screen.getByRole('button', { name: /^Round 2 tools\/call provision: ?input_required HTTP 200/ });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(button);
    expect(onSelect).toHaveBeenCalledWith('l0-1', 'c0');
  });

  it('shows the outcome, the HTTP status, the duration and the details line as text when the leg has them', () => {
    const row = legRow(2);
    render(<LegRowButton row={row} selected onSelect={() => {}} />);
    const button = screen.getByRole('button');
    expect(button.getAttribute('aria-pressed')).toBe('true');
    for (const text of ['#2', 'input_required', `HTTP ${row.httpStatus}`, 'asks region', 'answers region', 'think'])
      expect(button.textContent).toContain(text);
    // the details are one text node, not one element per fact: a fast scroll mounts every row afresh
    expect(button.querySelectorAll('*').length).toBeLessThanOrEqual(8);
  });

  it('says "no HTTP response" to screen readers when the leg got none', () => {
    const row = plainRow({ httpStatus: undefined, outcome: 'transport' });
    render(<LegRowButton row={row} selected={false} onSelect={() => {}} />);
    const button = screen.getByRole('button', { name: /^Round 1 tools\/call provision: ?no response/ });
    expect(button.textContent).toContain('no HTTP response');
    expect(button.textContent).not.toContain('HTTP 200');
  });

  it('names the lint findings and edits it shows when the leg has them', () => {
    const row = plainRow({ stateEdited: true, bodyEdited: true, lint: { error: 1, warning: 2, info: 0 } });
    render(<LegRowButton row={row} selected={false} onSelect={() => {}} />);
    // the badges are inline spans: the spaces between them are in the text, so the name does not run them together
    // (jsdom drops the space after the sr-only prefix; browsers keep it)
    const button = screen.getByRole('button', {
      name: /: ?input_required HTTP 200 lint: 1 error, 2 warnings edited by you body edited/,
    });
    expect(button.textContent).toContain('lint: 1 error, 2 warnings');
    expect(button.textContent).toContain('edited by you');
  });
});

describe('legDetailsText', () => {
  const fields = plainRow;

  it('joins what the leg asked, answered, its state size, instance, relay and think time with " · "', () => {
    const text = legDetailsText(
      fields({
        asked: ['region', 'size'],
        answered: ['consent'],
        stateSize: 120,
        stateChanged: true,
        instance: 'main',
        viaRelay: true,
        thinkMs: 2400,
      }),
    );
    expect(text).toBe('asks region, size · answers consent · state 120 B (new) · instance main · relay · think 2.40 s');
  });

  it('says when an answer did not reach the server', () => {
    const row = fields({ asked: [], answered: ['elicitation/create #0'], stateSize: undefined });
    expect(legDetailsText(row)).toBe('answers elicitation/create #0');
    expect(legDetailsText({ ...row, answerUndelivered: true })).toBe('answers elicitation/create #0 (not delivered)');
    // a body broken by hand answers nothing that can be read, and still did not arrive
    expect(legDetailsText({ ...row, answered: [], answerUndelivered: true })).toBe('answer not delivered');
  });

  it('is empty when the leg has none of those facts', () => {
    expect(
      legDetailsText(
        fields({
          asked: [],
          answered: [],
          stateSize: undefined,
          instance: undefined,
          viaRelay: false,
          thinkMs: undefined,
        }),
      ),
    ).toBe('');
  });

  it('says "(same)" when the requestState did not change', () => {
    expect(legDetailsText(fields({ asked: [], answered: [], stateSize: 8, stateChanged: false }))).toContain(
      'state 8 B (same)',
    );
  });
});
