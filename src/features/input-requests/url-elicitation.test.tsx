import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InputRequest } from '../../protocol/types.ts';
import { InputRequestCard } from './input-request-card.tsx';
import { UrlElicitation } from './url-elicitation.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const urlRequest = (url: string): InputRequest => ({
  method: 'elicitation/create',
  params: { mode: 'url', message: 'Sign in to continue', url },
});

function renderUrl(url: string) {
  const onAnswer = vi.fn();
  render(
    <InputRequestCard
      requestKey="login"
      request={urlRequest(url)}
      answer={undefined}
      serverName="Acme MCP"
      onAnswer={onAnswer}
    />,
  );
  return onAnswer;
}

describe('InputRequestCard URL elicitation', () => {
  it('shows the server, message and full URL with the domain highlighted when the URL is https', () => {
    renderUrl('https://login.example.com/authorize?state=abc');
    expect(screen.getByText('Acme MCP')).toBeTruthy();
    expect(screen.getByText('Sign in to continue')).toBeTruthy();
    const full = screen.getByLabelText('Full URL');
    expect(full.textContent).toBe('https://login.example.com/authorize?state=abc');
    expect(full.querySelector('mark')?.textContent).toBe('example.com');
    expect(screen.getByText('Not opened yet.', { exact: false })).toBeTruthy();
  });

  it('opens the URL with noopener,noreferrer only when the user clicks Open in new tab', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const onAnswer = renderUrl('https://login.example.com/authorize');
    expect(open).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Open in new tab' }));
    expect(open).toHaveBeenCalledWith('https://login.example.com/authorize', '_blank', 'noopener,noreferrer');
    expect(screen.getByText('Opened in a new tab.', { exact: false })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onAnswer.mock.calls[0]?.[0]).toStrictEqual({ action: 'accept' });
  });

  it('asks for confirmation and answers accept only after Confirm when the user accepts before opening', async () => {
    const user = userEvent.setup();
    const onAnswer = renderUrl('https://login.example.com/');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onAnswer).not.toHaveBeenCalled();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('You have not opened this page. Accept anyway?');
    expect(alert.textContent).toContain('still waiting');
    const confirm = screen.getByRole('button', { name: 'Confirm without opening' });
    expect(document.activeElement).toBe(confirm);
    await user.click(confirm);
    expect(onAnswer.mock.calls[0]?.[0]).toStrictEqual({ action: 'accept' });
  });

  it('answers nothing and hides the question when the user goes back from the confirmation', async () => {
    const user = userEvent.setup();
    const onAnswer = renderUrl('https://login.example.com/');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onAnswer).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  it('accepts at once without confirmation when the URL is refused and cannot be opened', async () => {
    const user = userEvent.setup();
    const onAnswer = renderUrl('javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onAnswer.mock.calls[0]?.[0]).toStrictEqual({ action: 'accept' });
  });

  it.each([
    ['Decline', { action: 'decline' }],
    ['Cancel', { action: 'cancel' }],
  ])('answers the bare %s shape when the user presses it', async (name, shape) => {
    const user = userEvent.setup();
    const onAnswer = renderUrl('https://login.example.com/');
    await user.click(screen.getByRole('button', { name }));
    expect(onAnswer.mock.calls[0]?.[0]).toStrictEqual(shape);
  });

  it('refuses to offer opening when the URL is javascript:', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderUrl('javascript:alert(1)');
    expect(screen.queryByRole('button', { name: 'Open in new tab' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Refused');
    expect(screen.getByRole('list', { name: 'URL warnings' }).textContent).toContain('non-http-scheme');
    expect(screen.getByLabelText('Full URL').textContent).toBe('javascript:alert(1)');
    expect(open).not.toHaveBeenCalled();
  });

  it('warns about credentials and plain http when userinfo disguises the host', () => {
    renderUrl('http://example.com@evil.com/');
    const warnings = screen.getByRole('list', { name: 'URL warnings' }).textContent ?? '';
    expect(warnings).toContain('credentials');
    expect(warnings).toContain('plain-http');
    expect(screen.getByLabelText('Full URL').querySelector('mark')?.textContent).toBe('evil.com');
  });

  it('shows the Unicode form when the host is a punycode homograph', () => {
    renderUrl('https://аpple.com/');
    expect(screen.getByText('(displayed as “аpple.com”)', { exact: false })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'URL warnings' }).textContent).toContain('mixed-script');
  });
});

describe('UrlElicitation on the still-waiting screen', () => {
  it('shows the URL and the open button but no answers when no onAnswer is given', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const onOpened = vi.fn();
    render(
      <UrlElicitation
        params={{ mode: 'url', message: 'Sign in', url: 'https://login.example.com/x' }}
        serverName="Acme MCP"
        opened={false}
        onOpened={onOpened}
      />,
    );
    expect(screen.getByText(/is still waiting for this page/)).toBeTruthy();
    expect(screen.getByText('Not opened from this screen.', { exact: false })).toBeTruthy();
    expect(screen.getByLabelText('Full URL').querySelector('mark')?.textContent).toBe('example.com');
    for (const name of ['Accept', 'Decline', 'Cancel']) expect(screen.queryByRole('button', { name })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open in new tab' }));
    expect(open).toHaveBeenCalledWith('https://login.example.com/x', '_blank', 'noopener,noreferrer');
    expect(onOpened).toHaveBeenCalledOnce();
  });
});
