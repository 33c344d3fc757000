import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeaderMismatchNotice } from './header-mismatch.tsx';

afterEach(cleanup);

// 2026-07-28 basic/transports/streamable-http: "Server Validation" (-32020) and custom headers "Client Behavior"
describe('HeaderMismatchNotice (-32020)', () => {
  const mismatch = {
    header: 'Mcp-Param-Tenant-Id',
    sent: null,
    detail: 'the body carries tenant="acme" but the Mcp-Param-Tenant-Id header is absent',
    refreshable: true,
  };

  it('names the header, says it was not sent, and refreshes only when the button is pressed', async () => {
    const onRefreshAndResend = vi.fn();
    render(<HeaderMismatchNotice mismatch={mismatch} onRefreshAndResend={onRefreshAndResend} />);
    const region = screen.getByRole('region', { name: 'Header mismatch' });
    expect(region.textContent).toContain('over the Mcp-Param-Tenant-Id header: this leg did not send it.');
    expect(region.textContent).toContain('Server says: the body carries tenant="acme"');
    expect(onRefreshAndResend).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh tools/list and resend' }));
    expect(onRefreshAndResend).toHaveBeenCalledTimes(1);
  });

  it('offers no refresh when the spec recovery does not apply, and shows what a past recovery did', () => {
    render(
      <HeaderMismatchNotice
        mismatch={{ header: 'Mcp-Name', sent: 'foo', detail: 'names "foo"', refreshable: false }}
        note="tools/list shows the same x-mcp-header declarations"
      />,
    );
    expect(screen.getByRole('region', { name: 'Header mismatch' }).textContent).toContain('this leg sent foo.');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('same x-mcp-header declarations');
  });

  it('cannot be pressed while a leg is in flight', () => {
    render(
      <HeaderMismatchNotice mismatch={mismatch} disabledReason="A leg is in flight." onRefreshAndResend={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Refresh tools/list and resend' }).hasAttribute('disabled')).toBe(true);
  });
});
