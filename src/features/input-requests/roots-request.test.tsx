import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InputRequestCard } from './input-request-card.tsx';

afterEach(cleanup);

function renderRoots(savedRoots?: { uri: string; name?: string }[]) {
  const onAnswer = vi.fn();
  render(
    <InputRequestCard
      requestKey="roots"
      request={{ method: 'roots/list' }}
      answer={undefined}
      savedRoots={savedRoots}
      onAnswer={onAnswer}
    />,
  );
  return onAnswer;
}

describe('InputRequestCard roots', () => {
  it('pre-fills saved roots and does not answer until Send roots when roots are requested', async () => {
    const user = userEvent.setup();
    const onAnswer = renderRoots([{ uri: 'file:///work/app', name: 'App' }, { uri: 'file:///work/lib' }]);
    expect(screen.getByText('deprecated in 2026-07-28')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'URI 1' })).toHaveProperty('value', 'file:///work/app');
    expect(screen.getByRole('textbox', { name: 'Name 1' })).toHaveProperty('value', 'App');
    expect(onAnswer).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Send roots' }));
    expect(onAnswer.mock.calls[0]?.[0]).toStrictEqual({
      roots: [{ uri: 'file:///work/app', name: 'App' }, { uri: 'file:///work/lib' }],
    });
  });

  it('sends the edited list when the user adds, edits and removes roots', async () => {
    const user = userEvent.setup();
    const onAnswer = renderRoots([{ uri: 'file:///old' }]);
    await user.click(screen.getByRole('button', { name: 'Add root' }));
    await user.type(screen.getByRole('textbox', { name: 'URI 2' }), 'file:///new');
    await user.type(screen.getByRole('textbox', { name: 'Name 2' }), 'New');
    await user.click(screen.getByRole('button', { name: 'Remove root 1' }));
    expect(screen.getByRole('textbox', { name: 'URI 1' })).toHaveProperty('value', 'file:///new');
    await user.click(screen.getByRole('button', { name: 'Send roots' }));
    expect(onAnswer.mock.calls[0]?.[0]).toStrictEqual({ roots: [{ uri: 'file:///new', name: 'New' }] });
  });

  it('answers an empty list when no roots are saved and the user sends', async () => {
    const user = userEvent.setup();
    const onAnswer = renderRoots();
    await user.click(screen.getByRole('button', { name: 'Send roots' }));
    expect(onAnswer.mock.calls[0]?.[0]).toStrictEqual({ roots: [] });
  });

  it('blocks Send roots with the entry named until the user ticks send anyway when a root is not a URI', async () => {
    const user = userEvent.setup();
    const onAnswer = renderRoots([{ uri: 'file:///ok' }, { uri: 'not a uri' }]);
    const uri2 = screen.getByRole('textbox', { name: 'URI 2' });
    expect(uri2.getAttribute('aria-invalid')).toBe('true');
    const note = document.getElementById(uri2.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toContain('Root 2 is not a URI: "not a uri"');
    const send = screen.getByRole('button', { name: 'Send roots' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(screen.getByText(/1 root is not a file:\/\/ URI: Send roots is blocked/)).toBeTruthy();
    await user.click(send);
    expect(onAnswer).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox', { name: /Send invalid roots anyway/ }));
    expect(send.disabled).toBe(false);
    await user.click(send);
    expect(onAnswer.mock.calls[0]?.[0]).toStrictEqual({ roots: [{ uri: 'file:///ok' }, { uri: 'not a uri' }] });
  });

  it('unblocks Send roots when the user fixes the entry that was not a URI', async () => {
    const user = userEvent.setup();
    const onAnswer = renderRoots([{ uri: '/home/me' }]);
    const uri1 = screen.getByRole('textbox', { name: 'URI 1' });
    expect((screen.getByRole('button', { name: 'Send roots' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(uri1);
    await user.type(uri1, 'file:///home/me');
    expect(uri1.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Send invalid roots anyway/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send roots' }));
    expect(onAnswer.mock.calls[0]?.[0]).toStrictEqual({ roots: [{ uri: 'file:///home/me' }] });
  });

  it('refuses a root of another scheme by default and sends it only with the explicit override (client/roots)', async () => {
    const user = userEvent.setup();
    const onAnswer = renderRoots([{ uri: 'https://example.com/repo' }]);
    const uri1 = screen.getByRole('textbox', { name: 'URI 1' });
    expect(uri1.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/Root 1 is a https: URI, not file:\/\/\. Roots must be file:\/\/ URIs/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send roots' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: /Send invalid roots anyway/ }));
    await user.click(screen.getByRole('button', { name: 'Send roots' }));
    expect(onAnswer.mock.calls[0]?.[0]).toStrictEqual({ roots: [{ uri: 'https://example.com/repo' }] });
  });
});
