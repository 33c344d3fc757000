import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { EraBadge } from './era-field.tsx';

afterEach(cleanup);

describe('EraBadge', () => {
  it('names the session id of a 2025-11-25 session', () => {
    const { container } = render(<EraBadge era="legacy" sessionId="sess-1" />);
    expect(container.textContent).toContain('session sess-1');
  });

  it('says only what it knows when the server issued no session id (a stdio server keeps its state all the same)', () => {
    const { container } = render(<EraBadge era="legacy" />);
    expect(container.textContent).toContain('session (none: the server issued no Mcp-Session-Id)');
    expect(container.textContent).not.toContain('stateless');
  });
});
