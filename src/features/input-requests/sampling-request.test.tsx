import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InputRequest } from '../../protocol/types.ts';
import { InputRequestCard } from './input-request-card.tsx';

afterEach(cleanup);

const samplingRequest: InputRequest = {
  method: 'sampling/createMessage',
  params: {
    messages: [
      { role: 'user', content: { type: 'text', text: 'Summarise the incident' } },
      { role: 'user', content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] },
    ],
    systemPrompt: 'You are terse.',
    modelPreferences: { hints: [{ name: 'claude' }], speedPriority: 0.5 },
    maxTokens: 200,
    includeContext: 'none',
    temperature: 0.2,
  },
};

function renderSampling() {
  const onAnswer = vi.fn();
  render(<InputRequestCard requestKey="summary" request={samplingRequest} answer={undefined} onAnswer={onAnswer} />);
  return onAnswer;
}

describe('InputRequestCard sampling', () => {
  it('shows the request details as text when a sampling request arrives', () => {
    renderSampling();
    expect(screen.getByText('deprecated in 2026-07-28')).toBeTruthy();
    expect(screen.getByText('Summarise the incident')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Sampling messages' }).textContent).toContain('"mimeType": "image/png"');
    expect(screen.getByText('You are terse.')).toBeTruthy();
    expect(screen.getByText('200')).toBeTruthy();
    expect(screen.getByText('none')).toBeTruthy();
    expect(screen.getByText('0.2')).toBeTruthy();
    expect(screen.getByText(/"speedPriority": 0.5/)).toBeTruthy();
  });

  it('answers a CreateMessageResult when the user writes a reply and sends it', async () => {
    const user = userEvent.setup();
    const onAnswer = renderSampling();
    expect(screen.getByRole('textbox', { name: 'Model' })).toHaveProperty('value', 'human-in-the-loop');
    await user.type(screen.getByRole('textbox', { name: 'Assistant reply' }), 'All systems nominal.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stop reason' }), 'maxTokens');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(onAnswer.mock.calls[0]?.[0]).toStrictEqual({
      role: 'assistant',
      content: { type: 'text', text: 'All systems nominal.' },
      model: 'human-in-the-loop',
      stopReason: 'maxTokens',
    });
  });

  it('leaves the key unanswered with a visible note when the user declines', async () => {
    const user = userEvent.setup();
    const onAnswer = renderSampling();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onAnswer).toHaveBeenCalledWith(undefined);
    expect(screen.getByRole('status').textContent).toContain('leaving it unanswered: the server should re-ask');
  });

  it('blocks an empty reply with a warning until the user confirms sending it empty', async () => {
    const user = userEvent.setup();
    const onAnswer = renderSampling();
    const reply = screen.getByRole('textbox', { name: 'Assistant reply' });
    const send = screen.getByRole('button', { name: 'Send reply' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    const warning = document.getElementById(reply.getAttribute('aria-describedby') ?? '');
    expect(warning?.textContent).toContain('The reply is empty: Send reply would answer as "human-in-the-loop"');
    await user.click(send);
    expect(onAnswer).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox', { name: 'Send empty reply anyway' }));
    expect(send.disabled).toBe(false);
    await user.click(send);
    expect(onAnswer.mock.calls[0]?.[0]).toStrictEqual({
      role: 'assistant',
      content: { type: 'text', text: '' },
      model: 'human-in-the-loop',
      stopReason: 'endTurn',
    });
  });

  it('treats a reply of only white space as empty and clears the warning when the user writes text', async () => {
    const user = userEvent.setup();
    renderSampling();
    const reply = screen.getByRole('textbox', { name: 'Assistant reply' });
    await user.type(reply, '   ');
    expect(screen.getByText(/The reply is only white space/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send reply' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(reply, 'ok');
    expect(reply.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Send empty reply anyway' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Send reply' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
