import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DraftEditors, type DraftEditorsProps } from './draft-editors.tsx';

afterEach(cleanup);

function props(over: Partial<DraftEditorsProps> = {}): DraftEditorsProps {
  return {
    method: 'tools/call',
    inputRequests: { region: { method: 'elicitation/create', params: { message: 'm', requestedSchema: {} } } },
    answers: {},
    params: { name: 'provision', arguments: { name: 'orders' } },
    rpcId: 2,
    usedIds: [1],
    headers: {},
    capabilities: { elicitation: { form: {}, url: {} } },
    changed: {},
    onAnswers: vi.fn(),
    onParams: vi.fn(),
    onRpcId: vi.fn(),
    onHeaders: vi.fn(),
    onCapabilities: vi.fn(),
    onReset: vi.fn(),
    ...over,
  };
}

const answersBox = () => screen.getByRole('textbox', { name: /^inputResponses \(JSON\)/ }) as HTMLTextAreaElement;

describe('DraftEditors', () => {
  it('keeps broken JSON as typed and commits nothing when the answers do not parse', () => {
    const p = props();
    render(<DraftEditors {...p} />);
    fireEvent.change(answersBox(), { target: { value: '{"region": ' } });
    expect(answersBox().value).toBe('{"region": ');
    expect(answersBox().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/inputResponses is not valid JSON/)).toBeTruthy();
    expect(p.onAnswers).not.toHaveBeenCalled();
  });

  it('commits parsed answers when the JSON is valid', () => {
    const p = props();
    render(<DraftEditors {...p} />);
    fireEvent.change(answersBox(), { target: { value: '{"region": {"action": "decline"}}' } });
    expect(p.onAnswers).toHaveBeenCalledWith({ region: { action: 'decline' } });
  });

  it('shows the new answers when the forms change them', () => {
    const { rerender } = render(<DraftEditors {...props()} />);
    rerender(<DraftEditors {...props({ answers: { region: { action: 'accept', content: { region: 'eu' } } } })} />);
    expect(JSON.parse(answersBox().value)).toEqual({ region: { action: 'accept', content: { region: 'eu' } } });
  });

  it('drops a capability from the declared set when its box is unchecked', () => {
    const p = props();
    render(<DraftEditors {...p} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Declare elicitation (form)' }));
    expect(p.onCapabilities).toHaveBeenCalledWith({ elicitation: { url: {} } });
  });

  it('warns about a reused JSON-RPC id but still commits it', () => {
    const p = props();
    render(<DraftEditors {...p} />);
    fireEvent.change(screen.getByRole('textbox', { name: /^JSON-RPC id/ }), { target: { value: '1' } });
    expect(p.onRpcId).toHaveBeenCalledWith(1);
    expect(screen.getByText(/id 1 was already used/)).toBeTruthy();
  });
});
