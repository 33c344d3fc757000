// @vitest-environment jsdom
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
});
