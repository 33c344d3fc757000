import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { result } from '../../session/audit/audit-checks.ts';
import { legacyEraReport, score, type Scorecard } from '../../session/audit/audit-report.ts';
import type { AuditRun } from '../../session/audit/audit-run.ts';
import { AuditPanel } from './audit-panel.tsx';

afterEach(cleanup);

const checks = [
  result('baseline', 'pass', 'completed after 2 legs: completed: ok'),
  result('tamper', 'fail', 'flipped a byte: ACCEPTED, completed: <img src=x>'),
];
const card: Scorecard = { method: 'tools/call', name: 'pay', asks: ['confirm'], checks, score: score(checks) };
const props = () => ({
  server: 'http://127.0.0.1:1/mcp',
  onStart: vi.fn(),
  onCancel: vi.fn(),
  onExport: vi.fn(),
  onClose: vi.fn(),
});

describe('AuditPanel', () => {
  it('starts with the names and fleet URLs typed when Run audit is pressed', () => {
    const p = props();
    render(<AuditPanel {...p} run={null} />);
    fireEvent.change(screen.getByRole('textbox', { name: /^Only these names/ }), { target: { value: 'a, b' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Other instance URLs/ }), {
      target: { value: 'http://x/b\nhttp://x/c\n' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Run audit' }));
    expect(p.onStart).toHaveBeenCalledWith({ only: ['a', 'b'], fleet: ['http://x/b', 'http://x/c'] });
    expect((screen.getByRole('button', { name: 'Export JSON' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('passes the second identity, the expiry wait and the other service with Run audit', () => {
    const p = props();
    render(<AuditPanel {...p} run={null} />);
    fireEvent.change(screen.getByRole('textbox', { name: /^Second identity/ }), { target: { value: 'bob-token' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Expiry wait in seconds/ }), { target: { value: '31' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Other service URL/ }), {
      target: { value: 'http://x/other/mcp' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Run audit' }));
    expect(p.onStart).toHaveBeenCalledWith({
      only: [],
      fleet: [],
      secondToken: 'bob-token',
      expiryWaitSeconds: 31,
      otherService: 'http://x/other/mcp',
    });
  });

  it('shows the step, each finished check and a Cancel when an audit runs', () => {
    const p = props();
    const run: AuditRun = {
      status: 'running',
      server: p.server,
      fleet: [],
      step: 'Auditing tools/call pay (1 of 3)',
      target: { method: 'tools/call', name: 'pay', index: 0, total: 3, checks: [checks[0]!], checkTotal: 13 },
    };
    render(<AuditPanel {...p} run={run} />);
    expect(screen.getByRole('status', { name: 'Audit progress' }).textContent).toBe('Auditing tools/call pay (1 of 3)');
    expect(screen.getByRole('progressbar', { name: 'Checks of pay' }).getAttribute('value')).toBe('1');
    expect(
      screen.getByRole('listitem', { name: 'PASS The flow completes with the state the server gave' }),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Run audit' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel audit' }));
    expect(p.onCancel).toHaveBeenCalled();
  });

  it('names the spec text and the fix of a failed check, as text, when the audit is done', () => {
    const p = props();
    const run: AuditRun = {
      status: 'done',
      server: p.server,
      fleet: ['http://127.0.0.1:1/b'],
      step: 'Finished',
      report: {
        server: p.server,
        fleet: [],
        scorecards: [card],
        notAsking: [{ name: 'echo', outcome: 'x' }],
        problems: [],
      },
    };
    render(<AuditPanel {...p} run={run} />);
    expect(screen.getByRole('status', { name: 'Audit summary' }).textContent).toBe(
      '1 audited, 1 with failures (fleet: http://127.0.0.1:1/b).',
    );
    const tamper = screen.getByRole('listitem', { name: 'FAIL Tampered state is refused' });
    expect(tamper.textContent).toContain('MUST reject state that fails verification');
    expect(tamper.textContent).toContain('Sign (HMAC');
    expect(tamper.textContent).toContain('<img src=x>');
    expect(tamper.querySelector('img')).toBeNull();
    expect(screen.getByText(/Not audited .*: echo/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(p.onExport).toHaveBeenCalled();
  });

  it('says why the audit stopped when it failed', () => {
    const p = props();
    render(<AuditPanel {...p} run={{ status: 'failed', server: p.server, fleet: [], step: '', error: 'boom' }} />);
    expect(screen.getByRole('alert').textContent).toContain('The audit stopped: boom.');
  });

  it('says plainly what applies to a 2025-11-25 server: no requestState to score', () => {
    const p = props();
    const run: AuditRun = {
      status: 'done',
      server: p.server,
      fleet: [],
      step: 'Finished',
      report: legacyEraReport(p.server, [], 'found on Connect'),
    };
    render(<AuditPanel {...p} run={run} />);
    expect(screen.getByRole('status', { name: 'Audit summary' }).textContent).toMatch(
      /^This server speaks 2025-11-25 \(found on Connect\)\. A server of that era keeps a call's state in its session .* there is nothing for this audit to score/,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/0 audited/)).toBeNull();
  });
});
