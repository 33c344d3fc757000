import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InputRequest, JsonObject } from '../../protocol/types.ts';
import { InputRequestCard } from './input-request-card.tsx';

afterEach(cleanup);

const formRequest = (requestedSchema: JsonObject, message = 'Please fill this in'): InputRequest => ({
  method: 'elicitation/create',
  params: { mode: 'form', message, requestedSchema },
});

const provisionSchema: JsonObject = {
  type: 'object',
  properties: {
    region: { type: 'string', title: 'Region', enum: ['us-east-1', 'eu-west-1'] },
    name: { type: 'string', default: 'orders', minLength: 2 },
    size: { type: 'integer', title: 'Size', minimum: 1, maximum: 10, default: 3 },
    confirm: { type: 'boolean', title: 'Confirm' },
    colors: {
      type: 'array',
      title: 'Colors',
      items: {
        anyOf: [
          { const: 'r', title: 'Red' },
          { const: 'g', title: 'Green' },
        ],
      },
    },
    tier: { type: 'string', title: 'Tier', enum: ['s', 'l'], enumNames: ['Small', 'Large'] },
    contact: { type: 'string', title: 'Contact email', format: 'email' },
    start: { type: 'string', title: 'Start date', format: 'date' },
  },
  required: ['region', 'name'],
};

function renderForm(schema: JsonObject = provisionSchema) {
  const onAnswer = vi.fn();
  const view = render(
    <InputRequestCard requestKey="provision" request={formRequest(schema)} answer={undefined} onAnswer={onAnswer} />,
  );
  return { onAnswer, view };
}

describe('InputRequestCard form elicitation', () => {
  it('labels every control exactly by its title or property name when the form renders', async () => {
    renderForm();
    expect(await screen.findByLabelText('Region', { exact: true })).toBeInstanceOf(HTMLSelectElement);
    expect(screen.getByLabelText('name', { exact: true })).toHaveProperty('value', 'orders');
    expect(screen.getByRole('spinbutton', { name: 'Size' })).toHaveProperty('value', '3');
    expect(screen.getByRole('checkbox', { name: 'Confirm' })).toHaveProperty('checked', false);
    expect(screen.getByRole('group', { name: 'Colors' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Red' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Tier' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Large' })).toBeTruthy();
    expect(screen.getByLabelText('Contact email')).toHaveProperty('type', 'email');
    expect(screen.getByLabelText('Start date')).toHaveProperty('type', 'date');
    expect(screen.getByText('Please fill this in')).toBeTruthy();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Accept', 'Decline', 'Cancel']);
  });

  it('answers accept with content including defaults when the user fills the form and presses Accept', async () => {
    const user = userEvent.setup();
    const { onAnswer } = renderForm();
    await user.selectOptions(await screen.findByLabelText('Region'), 'eu-west-1');
    await user.click(screen.getByRole('checkbox', { name: 'Green' }));
    await user.selectOptions(screen.getByLabelText('Tier'), 'Large');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onAnswer).toHaveBeenCalledWith({
      action: 'accept',
      content: { region: 'eu-west-1', name: 'orders', size: 3, confirm: false, colors: ['g'], tier: 'l' },
    });
  });

  it.each([
    ['Decline', { action: 'decline' }],
    ['Cancel', { action: 'cancel' }],
  ])('answers the bare %s shape when the user presses it', async (button, shape) => {
    const user = userEvent.setup();
    const { onAnswer } = renderForm();
    await user.click(await screen.findByRole('button', { name: button }));
    expect(onAnswer).toHaveBeenCalledWith(shape);
    expect(onAnswer.mock.calls[0]?.[0]).toStrictEqual(shape);
  });

  it('blocks Accept with a reason and offers Accept anyway when the content is invalid', async () => {
    const user = userEvent.setup();
    const { onAnswer } = renderForm();
    const email = await screen.findByLabelText('Contact email');
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onAnswer).not.toHaveBeenCalled();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/region/i);
    expect(alert.textContent).toMatch(/email/);
    await user.click(screen.getByRole('button', { name: 'Accept anyway (invalid)' }));
    expect(onAnswer).toHaveBeenCalledWith({
      action: 'accept',
      content: { name: 'orders', size: 3, confirm: false, contact: 'not-an-email' },
    });
  });

  it('shows protocol warnings and a raw JSON editor when the schema is outside the restricted subset', async () => {
    const user = userEvent.setup();
    const { onAnswer } = renderForm({ type: 'object', properties: { addr: { type: 'object', properties: {} } } });
    expect(screen.getByRole('alert').textContent).toContain('/properties/addr/type');
    const raw = screen.getByLabelText('Raw answer JSON');
    await user.clear(raw);
    await user.type(raw, '{{"action":"accept","content":{{"addr":"x"}}');
    await user.click(screen.getByRole('button', { name: 'Set answer' }));
    expect(onAnswer).toHaveBeenCalledWith({ action: 'accept', content: { addr: 'x' } });
  });

  it('shows the answer JSON and a Change answer button when the request is answered', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    render(
      <InputRequestCard
        requestKey="provision"
        request={formRequest(provisionSchema)}
        answer={{ action: 'decline' }}
        onAnswer={onAnswer}
      />,
    );
    const group = screen.getByRole('group', { name: 'provision' });
    expect(within(group).getByText('answered', { exact: true })).toBeTruthy();
    expect(screen.getByLabelText('Answer JSON').textContent).toContain('"decline"');
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change answer' }));
    expect(onAnswer).toHaveBeenCalledWith(undefined);
  });
});
