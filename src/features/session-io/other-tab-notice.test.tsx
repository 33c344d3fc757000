import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OtherTabNotice } from './other-tab-notice.tsx';

afterEach(cleanup);

describe('OtherTabNotice', () => {
  it('offers to save from this tab when another tab saves', async () => {
    const saveFromThisTab = vi.fn(() => Promise.resolve());
    render(<OtherTabNotice situation="open-elsewhere" saveFromThisTab={saveFromThisTab} loadSaved={vi.fn()} />);
    const notice = screen.getByRole('alert', { name: 'Saving paused' });
    expect(notice.textContent).toContain('This session is open in another tab: changes made here are not saved.');
    expect(screen.queryByRole('button', { name: 'Load the saved session' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save from this tab instead' }));
    expect(saveFromThisTab).toHaveBeenCalledTimes(1);
  });

  it('offers both choices and names what each replaces when the saving tab closed', async () => {
    const saveFromThisTab = vi.fn(() => Promise.resolve());
    const loadSaved = vi.fn();
    render(<OtherTabNotice situation="other-closed" saveFromThisTab={saveFromThisTab} loadSaved={loadSaved} />);
    const text = screen.getByRole('alert', { name: 'Saving paused' }).textContent ?? '';
    expect(text).toContain('The other tab closed.');
    expect(text).toContain('replaces what this tab shows');
    expect(text).toContain('replaces the saved one');
    await userEvent.click(screen.getByRole('button', { name: 'Load the saved session' }));
    expect(loadSaved).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: "Keep this tab's session and save it" }));
    expect(saveFromThisTab).toHaveBeenCalledTimes(1);
  });

  it('says what failed and keeps the button usable when taking over is refused', async () => {
    const saveFromThisTab = vi.fn(() => Promise.reject(new Error('locks unavailable')));
    render(<OtherTabNotice situation="taken-over" saveFromThisTab={saveFromThisTab} loadSaved={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Save from this tab instead' });
    await userEvent.click(button);
    expect(await screen.findByText('Could not take over saving (locks unavailable). Nothing changed.')).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });
});
