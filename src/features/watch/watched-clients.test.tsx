import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProxyInfo } from '../../protocol/proxy-wire.ts';
import { WatchedClients } from './watched-clients.tsx';

const proxy: ProxyInfo = {
  id: 'p1',
  url: 'http://127.0.0.1:41234/mcp',
  target: 'http://127.0.0.1:8765/mcp',
  holdRequests: false,
  holdResponses: false,
  counts: { requests: 3, responses: 2, refused: 0 },
};
const none = () => undefined;

describe('WatchedClients', () => {
  it('tells the user when the page fell behind the proxies and missed some of their traffic', () => {
    const { rerender } = render(
      <WatchedClients proxies={[proxy]} connected onHold={none} onStart={none} onStop={none} />,
    );
    expect(screen.queryByText(/fell behind/)).toBeNull();
    rerender(
      <WatchedClients
        proxies={[proxy]}
        connected
        missedAt={new Date(2026, 10, 29, 8, 3, 7).getTime()}
        onHold={none}
        onStart={none}
        onStop={none}
      />,
    );
    expect(screen.getByRole('status').textContent).toMatch(
      /fell behind the proxies' traffic \(at 08:03:07\) and missed/,
    );
  });
});
