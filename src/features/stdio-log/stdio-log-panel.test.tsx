import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StdioServerLog } from '../../client/fetch-stdio-log.ts';
import { StdioLogPanel } from './stdio-log-panel.tsx';

afterEach(cleanup);

const server = (over: Partial<StdioServerLog> = {}): StdioServerLog => ({
  url: 'http://127.0.0.1:1/__stdio/1/mcp',
  command: 'node demo.js',
  running: true,
  stderr: 'ready',
  droppedChars: 0,
  notifications: [],
  ...over,
});

describe('StdioLogPanel', () => {
  it('lists the notifications and says which went on a call stream when the server sent some', () => {
    render(
      <StdioLogPanel
        servers={[
          server({
            notifications: [
              { at: 1, method: 'notifications/progress', message: '{"progress":1}', delivered: 1 },
              { at: 2, method: 'notifications/tools/list_changed', message: '<b>x</b>', delivered: 0 },
            ],
          }),
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'notifications of node demo.js' });
    const items = list.querySelectorAll('li');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('on the SSE stream of the call in flight');
    expect(items[1]!.textContent).toContain('no call in flight');
    // server text stays text
    expect(items[1]!.textContent).toContain('<b>x</b>');
    expect(list.querySelector('b')).toBeNull();
  });

  it('shows no notification list when the server sent none', () => {
    render(<StdioLogPanel servers={[server()]} />);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByLabelText('stderr of node demo.js').textContent).toContain('ready');
  });

  it('says a server that closed its stdin is unreachable, and how one that exited ended', () => {
    render(
      <StdioLogPanel
        servers={[
          server({ url: 'a', command: 'closed', running: false, stdinClosed: true }),
          server({ url: 'b', command: 'exited', running: false, exitCode: 3 }),
        ]}
      />,
    );
    expect(screen.getByText(/^closed$/).parentElement!.textContent).toContain('not reachable: it closed its stdin');
    expect(screen.getByText(/^exited$/).parentElement!.textContent).toContain('exited (code 3)');
  });
});
