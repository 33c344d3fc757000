// @vitest-environment jsdom
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
});
