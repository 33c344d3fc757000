import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SamplingRequest } from './sampling-request.tsx';

afterEach(cleanup);

// SEP-1577, 2025-11-25 client/sampling "Tools in Sampling": a toolUse reply with array content
const PARAMS = {
  messages: [{ role: 'user', content: { type: 'text', text: 'Umbrella in Paris?' } }],
  maxTokens: 200,
  tools: [
    { name: 'get_weather', inputSchema: { type: 'object' } },
    { name: 'get_time', inputSchema: { type: 'object' } },
  ],
};

describe('SamplingRequest with tools', () => {
  it('sends text plus a tool_use block for the picked tool with stopReason toolUse when the input is JSON', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    render(<SamplingRequest params={PARAMS} onAnswer={onAnswer} />);
    await user.type(screen.getByRole('textbox', { name: 'Assistant reply' }), 'Checking.');
    const use = await screen.findByRole('listitem', { name: 'Tool use 1' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tool' }), 'get_time');
    const input = screen.getByRole('textbox', { name: 'Tool input (JSON)' });
    await user.clear(input);
    await user.click(input);
    await user.paste('{ "city": "Paris" }');
    const id = (screen.getByRole('textbox', { name: 'Tool use id' }) as HTMLInputElement).value;
    expect(use).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send tool use' }));
    expect(onAnswer).toHaveBeenCalledWith({
      role: 'assistant',
      model: 'human-in-the-loop',
      stopReason: 'toolUse',
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool_use', id, name: 'get_time', input: { city: 'Paris' } },
      ],
    });
  });

  it('does not send and says why when the tool input is not valid JSON', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    render(<SamplingRequest params={PARAMS} onAnswer={onAnswer} />);
    const input = await screen.findByRole('textbox', { name: 'Tool input (JSON)' });
    await user.clear(input);
    await user.type(input, 'city: Paris');
    await user.click(screen.getByRole('button', { name: 'Send tool use' }));
    expect(screen.getByRole('alert').textContent).toMatch(/tool use 1 \(get_weather\): the input is not valid JSON/);
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('offers no tool use composer when the request offers no tools', () => {
    render(<SamplingRequest params={{ messages: [], maxTokens: 10 }} onAnswer={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Send tool use' })).toBeNull();
  });
});
