import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProtocolVersionField } from './connection-settings.tsx';

describe('ProtocolVersionField', () => {
  it('refuses an empty version at the field and keeps the last one in use when the user clears it', async () => {
    const onChange = vi.fn();
    render(<ProtocolVersionField value="2026-07-28" onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Protocol version' });
    await userEvent.clear(field);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/cannot be empty.*2026-07-28 is still in use/);
    await userEvent.type(field, '2025-11-25');
    expect(onChange).toHaveBeenLastCalledWith('2025-11-25');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
