import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InputRequestCard } from './input-request-card.tsx';

afterEach(cleanup);

function renderUnknown() {
  const onAnswer = vi.fn();
  render(
    <InputRequestCard
      requestKey="mystery"
      request={{ method: 'vendor/ask', params: { question: '<b>hi</b>' } }}
      answer={undefined}
      onAnswer={onAnswer}
    />,
  );
  return onAnswer;
}

describe('InputRequestCard unknown method', () => {
  it('shows the method and params as text when the method is unknown', () => {
    renderUnknown();
    expect(screen.getByRole('group', { name: 'mystery' }).textContent).toContain('Unknown method');
    expect(screen.getByText('vendor/ask')).toBeTruthy();
    expect(screen.getByLabelText('Request params JSON').textContent).toContain('"question": "<b>hi</b>"');
    expect(document.querySelector('b')).toBeNull();
  });

  it('sets the parsed object when the raw answer is a JSON object', async () => {
    const user = userEvent.setup();
    const onAnswer = renderUnknown();
    const raw = screen.getByLabelText('Raw answer JSON');
    await user.clear(raw);
    await user.type(raw, '{{"ok":true}');
    await user.click(screen.getByRole('button', { name: 'Set answer' }));
    expect(onAnswer.mock.calls[0]?.[0]).toStrictEqual({ ok: true });
  });

  it.each([
    ['{nope', /Not valid JSON/],
    ['[1,2]', /must be a JSON object, got an array/],
    ['42', /must be a JSON object, got number/],
  ])('shows why and does not answer when the raw answer is %s', async (text, message) => {
    const user = userEvent.setup();
    const onAnswer = renderUnknown();
    const raw = screen.getByLabelText('Raw answer JSON');
    await user.clear(raw);
    await user.type(
      raw,
      text.replace(/[{[]/g, (c) => c + c),
    );
    await user.click(screen.getByRole('button', { name: 'Set answer' }));
    expect(onAnswer).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(message);
  });

  it('answers a pushed ping with an empty result when the user presses Answer ping', async () => {
    const onAnswer = vi.fn();
    render(
      <InputRequestCard requestKey="ping #3" request={{ method: 'ping' }} answer={undefined} onAnswer={onAnswer} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Answer ping' }));
    expect(onAnswer).toHaveBeenCalledWith({});
  });
});
