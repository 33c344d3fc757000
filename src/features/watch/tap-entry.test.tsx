import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProxyInfo } from '../../protocol/proxy-wire.ts';
import { WatchedClients } from './watched-clients.tsx';

afterEach(cleanup);

const tap: ProxyInfo = {
  id: 't1',
  url: 'stdio',
  target: 'stdio: python server.py --api-key sk-live-1',
  holdRequests: false,
  holdResponses: true,
  counts: { requests: 3, responses: 2, refused: 0 },
  tap: { command: ['python', 'server.py', '--api-key', 'sk-live-1'], name: 'bank', host: 'claude-desktop 1.2.0' },
};

describe('a stdio tap in Watched clients', () => {
  it('shows the command it launched (its secret masked), the host, its holds and the server log as text', () => {
    const onHold = vi.fn();
    render(
      <WatchedClients
        proxies={[tap]}
        tapLogs={{
          t1: [{ at: Date.UTC(2026, 10, 29, 8, 0, 0), line: '<b>requestState rejected</b>', stream: 'stderr' }],
        }}
        connected
        onHold={onHold}
        onStart={() => undefined}
        onStop={() => undefined}
      />,
    );
    const entry = screen.getByRole('listitem', { name: 'tap of bank' });
    expect(entry.textContent).toContain('tap python server.py --api-key [redacted]');
    expect(entry.textContent).not.toContain('sk-live-1');
    expect(entry.textContent).toContain('host claude-desktop 1.2.0 · 3 requests · 2 answers');
    // no proxy port to stop: the host owns the tap's process
    expect(within(entry).queryByRole('button', { name: 'Stop proxy' })).toBeNull();
    const log = within(entry).getByRole('list', { name: 'server log of bank' });
    expect(log.textContent).toContain('<b>requestState rejected</b>');
    expect(log.querySelector('b')).toBeNull();
    expect((within(entry).getByRole('checkbox', { name: 'Hold server responses' }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(within(entry).getByRole('checkbox', { name: 'Hold client requests' }));
    expect(onHold).toHaveBeenCalledWith('t1', 'request', true);
  });
});
