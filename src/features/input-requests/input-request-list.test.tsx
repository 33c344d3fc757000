import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InputRequests } from '../../protocol/types.ts';
import type { InputResponse } from '../../protocol/types.ts';
import { useState } from 'react';
import { preloadElicitForm } from './form-elicitation.tsx';
import { InputRequestList, nextUnanswered } from './input-request-list.tsx';

// the form chunk is loaded before the tests: forms render at once, with no wait for a lazy import
beforeAll(() => preloadElicitForm());
afterEach(cleanup);

const requests: InputRequests = {
  region: {
    method: 'elicitation/create',
    params: {
      message: 'Which region?',
      requestedSchema: {
        type: 'object',
        properties: { region: { type: 'string', title: 'Region', enum: ['a', 'b'] } },
      },
    },
  },
  login: { method: 'elicitation/create', params: { mode: 'url', message: 'Sign in', url: 'https://example.com/' } },
  roots: { method: 'roots/list' },
};

describe('InputRequestList', () => {
  it('summarises progress and routes answers by key when a round has several requests', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    render(
      <InputRequestList inputRequests={requests} answers={{ region: { action: 'decline' } }} onAnswer={onAnswer} />,
    );
    expect(screen.getByText('1 of 3 answered')).toBeTruthy();
    expect(screen.getAllByRole('group', { name: /^(region|login|roots)$/ })).toHaveLength(3);
    await user.click(within(screen.getByRole('group', { name: 'login' })).getByRole('button', { name: 'Decline' }));
    expect(onAnswer).toHaveBeenCalledWith('login', { action: 'decline' });
    await user.click(
      within(screen.getByRole('group', { name: 'region' })).getByRole('button', { name: 'Change answer' }),
    );
    expect(onAnswer).toHaveBeenCalledWith('region', undefined);
  });

  it('keeps input ids unique when two forms share property names', async () => {
    render(
      <InputRequestList
        inputRequests={{ a: requests.region!, b: requests.region! }}
        answers={{}}
        onAnswer={() => {}}
      />,
    );
    const a = within(screen.getByRole('group', { name: 'a' })).getByLabelText('Region');
    const b = within(screen.getByRole('group', { name: 'b' })).getByLabelText('Region');
    expect(a).not.toBe(b);
    expect(a.id).not.toBe(b.id);
  });

  it('picks the next unanswered request after the answered one, wrapping to earlier ones, when asked for it', () => {
    const keys = ['a', 'b', 'c'];
    expect(nextUnanswered(keys, {}, 'a')).toBe('b');
    expect(nextUnanswered(keys, { b: { action: 'decline' } }, 'a')).toBe('c');
    expect(nextUnanswered(keys, { c: { action: 'decline' } }, 'b')).toBe('a');
    expect(nextUnanswered(keys, { a: { action: 'decline' }, c: { action: 'cancel' } }, 'b')).toBeUndefined();
  });
});

/** The list with its answers held as the store would, beside a composer stand-in with the real accessible names. */
function Round({ requests }: { requests: InputRequests }) {
  const [answers, setAnswers] = useState<Record<string, InputResponse | undefined>>({});
  const unanswered = Object.keys(requests).some((k) => answers[k] === undefined);
  return (
    <>
      <InputRequestList
        inputRequests={requests}
        answers={answers}
        onAnswer={(key, response) => setAnswers((a) => ({ ...a, [key]: response }))}
      />
      <section aria-label="Next request">
        <button type="button" disabled={unanswered}>
          Send retry
        </button>
      </section>
    </>
  );
}

describe('InputRequestList focus', () => {
  const two: InputRequests = { first: requests.login!, second: requests.login! };

  it('moves focus to the next unanswered request when one is answered', async () => {
    const user = userEvent.setup();
    render(<Round requests={two} />);
    await user.click(within(screen.getByRole('group', { name: 'first' })).getByRole('button', { name: 'Decline' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('group', { name: 'second' })));
  });

  it('moves focus to Send retry when the last request is answered', async () => {
    const user = userEvent.setup();
    render(<Round requests={two} />);
    await user.click(within(screen.getByRole('group', { name: 'second' })).getByRole('button', { name: 'Cancel' }));
    // the earlier one is still open: it comes next
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('group', { name: 'first' })));
    await user.click(within(screen.getByRole('group', { name: 'first' })).getByRole('button', { name: 'Decline' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send retry' })));
  });

  it('keeps focus on the request when the user changes an answer', async () => {
    const user = userEvent.setup();
    render(<Round requests={{ only: requests.login! }} />);
    const group = screen.getByRole('group', { name: 'only' });
    await user.click(within(group).getByRole('button', { name: 'Decline' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send retry' })));
    await user.click(within(group).getByRole('button', { name: 'Change answer' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(group));
  });
});
