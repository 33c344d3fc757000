import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RequestStateLab } from './request-state-lab.tsx';
import type { RequestStateLabProps } from './request-state-lab.tsx';
import { TAMPER_WARNING } from './tamper-banner.tsx';
import { mintV1 } from '../../protocol/request-state/tokens.fixtures.ts';

const NOW = Date.UTC(2026, 6, 28, 12, 0, 0);
const NOW_S = NOW / 1000;

afterEach(cleanup);

function setup(overrides: Partial<RequestStateLabProps> = {}) {
  const onChange = vi.fn<(value: string | null) => void>();
  const props: RequestStateLabProps = {
    original: 'abc',
    value: 'abc',
    otherStates: [],
    now: NOW,
    onChange,
    ...overrides,
  };
  const view = render(<RequestStateLab {...props} />);
  return { onChange, user: userEvent.setup(), props, ...view };
}

describe('RequestStateLab', () => {
  it('calls onChange with the flipped token when a byte button is clicked', async () => {
    const { onChange, user } = setup();
    await user.click(screen.getByRole('button', { name: 'byte 1: 0x62' }));
    expect(onChange).toHaveBeenCalledWith('acc');
  });

  it('flips the chosen bit and flags lost UTF-8 when bit 7 of an ASCII byte is flipped', async () => {
    const { onChange, user, rerender, props } = setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Bit to flip' }), '7');
    await user.click(screen.getByRole('button', { name: 'byte 0: 0x61' }));
    expect(onChange).toHaveBeenCalledWith('\ufffdbc');
    rerender(<RequestStateLab {...props} value={'\ufffdbc'} />);
    expect(screen.getByRole('status').textContent).toMatch(/no longer valid UTF-8/);
    rerender(<RequestStateLab {...props} value="other" />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the tamper banner only when the value differs from the original', () => {
    const { rerender, props } = setup();
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<RequestStateLab {...props} value="abd" />);
    expect(screen.getByRole('alert').textContent).toBe(TAMPER_WARNING);
    rerender(<RequestStateLab {...props} value={null} />);
    expect(screen.getByRole('alert').textContent).toBe(TAMPER_WARNING);
    rerender(<RequestStateLab {...props} value="abc" />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('calls onChange with the original when Restore original is clicked', async () => {
    const { onChange, user } = setup({ value: 'tampered' });
    await user.click(screen.getByRole('button', { name: 'Restore original' }));
    expect(onChange).toHaveBeenCalledWith('abc');
  });

  it('summarises and highlights the changed bytes when the value was edited', () => {
    setup({ value: 'aXcd' });
    const diff = screen.getByRole('region', { name: 'Diff against original' });
    expect(diff.textContent).toContain('1 byte changed, 1 added, 0 removed in 2 ranges.');
    expect(screen.getByRole('button', { name: 'byte 1: 0x58' }).dataset.diff).toBe('changed');
    expect(screen.getByRole('button', { name: 'byte 3: 0x64' }).dataset.diff).toBe('added');
    expect(screen.getByRole('button', { name: 'byte 0: 0x61' }).dataset.diff).toBeUndefined();
  });

  it('shows the v1 payload fields, best-effort note and countdown when the Decoded tab is open', async () => {
    const token = mintV1({ step: 2, region: 'eu-west-1' }, NOW_S + 300);
    const { user } = setup({ original: token, value: token });
    await user.click(screen.getByRole('tab', { name: 'Decoded' }));
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toMatch(/Best effort/);
    const card = within(panel).getByRole('region', { name: /TypeScript SDK signed state/ });
    expect(within(card).getByText('p.step').nextSibling?.textContent).toBe('2');
    expect(within(card).getByText('p.region').nextSibling?.textContent).toBe('eu-west-1');
    expect(within(card).getByLabelText('time remaining').textContent).toBe('(in 5m 0s)');
  });

  it('drops, truncates, appends and swaps when those actions are used', async () => {
    const { onChange, user } = setup({
      value: 'abcd',
      original: 'abcd',
      otherStates: [{ label: 'call 2', value: 'x' }],
    });
    await user.click(screen.getByRole('button', { name: 'Drop requestState' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    await user.click(screen.getByRole('button', { name: 'Truncate' }));
    expect(onChange).toHaveBeenLastCalledWith('ab');
    await user.click(screen.getByRole('button', { name: 'Append' }));
    expect(onChange).toHaveBeenLastCalledWith('abcdAAAA');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Swap in state from' }), 'call 2');
    expect(onChange).toHaveBeenLastCalledWith('x');
  });

  it('invents a forged v1 token when Invent requestState is clicked on a v1 original', async () => {
    const token = mintV1({ step: 1 }, NOW_S + 5);
    const { onChange, user } = setup({ original: token, value: token });
    await user.click(screen.getByRole('button', { name: 'Invent requestState' }));
    const invented = onChange.mock.calls.at(-1)?.[0];
    expect(invented).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(invented).not.toBe(token);
  });

  it('renders one page of byte buttons and pages on when the token is 1 MiB', async () => {
    const big = 'A'.repeat(1024 * 1024);
    const { user } = setup({ original: big, value: big });
    const grid = screen.getByRole('group', { name: 'Hex bytes' });
    expect(within(grid).getAllByRole('button')).toHaveLength(512);
    screen.getByText(/Page 1 of 2048/);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    screen.getByRole('button', { name: 'byte 512: 0x41' });
    await user.type(screen.getByRole('textbox', { name: 'Go to byte offset' }), '0xfffff{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'byte 1048575: 0x41' }));
  });

  it('moves focus with arrow keys and flips with Enter when using the keyboard', async () => {
    const { onChange, user } = setup();
    screen.getByRole('button', { name: 'byte 0: 0x61' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'byte 1: 0x62' }));
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('acc');
  });

  it('never creates a control named exactly requestState and names every control when rendered', () => {
    setup({ value: 'abd', otherStates: [{ label: 'other', value: 'o' }] });
    expect(screen.queryByRole('textbox', { name: 'requestState' })).toBeNull();
    for (const role of ['button', 'textbox', 'combobox', 'spinbutton', 'tab'] as const) {
      const all = screen.queryAllByRole(role);
      expect(screen.queryAllByRole(role, { name: /\S/ })).toEqual(all);
      expect(screen.queryAllByRole(role, { name: 'requestState' })).toEqual([]);
    }
  });
});
