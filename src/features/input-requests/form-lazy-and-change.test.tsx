import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { InputRequest, InputResponse } from '../../protocol/types.ts';

afterEach(cleanup);

const request: InputRequest = {
  method: 'elicitation/create',
  params: {
    message: 'Name the database',
    requestedSchema: {
      type: 'object',
      properties: { db: { type: 'string', title: 'Database', default: 'orders' } },
      required: ['db'],
    },
  },
};

describe('form elicitation loading and changing', () => {
  it('shows "Loading form…" until the lazily loaded rjsf chunk arrives when a form first renders', async () => {
    vi.resetModules();
    const { InputRequestCard } = await import('./input-request-card.tsx');
    render(<InputRequestCard requestKey="db" request={request} answer={undefined} onAnswer={() => {}} />);
    expect(screen.getByText('Loading form…')).toBeTruthy();
    expect(await screen.findByLabelText('Database')).toBeTruthy();
    expect(screen.queryByText('Loading form…')).toBeNull();
  });

  it('reopens the form with the previously sent values when the user changes an accepted answer', async () => {
    const { InputRequestCard } = await import('./input-request-card.tsx');
    const sent: (InputResponse | undefined)[] = [];
    function Host() {
      const [answer, setAnswer] = useState<InputResponse | undefined>();
      return (
        <InputRequestCard
          requestKey="db"
          request={request}
          answer={answer}
          onAnswer={(r) => {
            sent.push(r);
            setAnswer(r);
          }}
        />
      );
    }
    const user = userEvent.setup();
    render(<Host />);
    const input = await screen.findByLabelText('Database');
    await user.clear(input);
    await user.type(input, 'billing');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.getByLabelText('Answer JSON').textContent).toContain('"billing"');
    expect(within(screen.getByRole('group', { name: 'db' })).getByText('answered', { exact: true })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change answer' }));
    expect(await screen.findByLabelText('Database')).toHaveProperty('value', 'billing');
    expect(sent).toEqual([{ action: 'accept', content: { db: 'billing' } }, undefined]);
  });
});
