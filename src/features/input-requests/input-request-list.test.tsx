// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InputRequests } from '../../protocol/types.ts';
import { InputRequestList } from './input-request-list.tsx';

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
    const a = await within(screen.getByRole('group', { name: 'a' })).findByLabelText('Region');
    const b = await within(screen.getByRole('group', { name: 'b' })).findByLabelText('Region');
    expect(a).not.toBe(b);
    expect(a.id).not.toBe(b.id);
  });
});
