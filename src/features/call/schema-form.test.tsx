import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RJSFSchema } from '@rjsf/utils';
import SchemaForm from './schema-form.tsx';

afterEach(cleanup);

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Database name', description: 'Lower case' },
    region: { type: 'string', enum: ['us', 'eu'] },
    dryRun: { type: 'boolean', title: 'Dry run' },
    size: { type: 'integer', title: 'Size', minimum: 1 },
    tags: { type: 'array', title: 'Tags', items: { type: 'string' } },
    owner: { type: 'object', title: 'Owner', properties: { email: { type: 'string', title: 'Email' } } },
  },
  required: ['name', 'region'],
};

function renderForm(onChange = vi.fn()) {
  render(<SchemaForm schema={schema} value={{}} onChange={onChange} idPrefix="arg-test" />);
  return onChange;
}

describe('SchemaForm (tool, prompt and template arguments)', () => {
  it('names every control exactly by its title or property name when fields are required', () => {
    renderForm();
    const name = screen.getByRole('textbox', { name: 'Database name' });
    expect(name).toHaveProperty('required', true);
    expect(screen.getByRole('combobox', { name: 'region' })).toHaveProperty('required', true);
    expect(screen.getByRole('checkbox', { name: 'Dry run' })).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: 'Size' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    // the required marker is outside the label, so the exact name carries no "*"
    expect(screen.queryByRole('textbox', { name: /\*/ })).toBeNull();
    expect(screen.getByText('Lower case')).toBeTruthy();
  });

  it('keeps a named group for nested objects and plain arrays when the schema has them', () => {
    renderForm();
    expect(screen.getByRole('group', { name: 'Owner' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Tags' })).toBeTruthy();
  });

  it('reports typed values when the user fills the form', async () => {
    const user = userEvent.setup();
    const onChange = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Database name' }), 'orders');
    await user.click(screen.getByRole('checkbox', { name: 'Dry run' }));
    const last = onChange.mock.calls.at(-1)?.[0] as Record<string, unknown>;
    expect(last).toMatchObject({ name: 'orders', dryRun: true });
  });
});
