import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { localDateTime } from '../../lib/text.ts';
import type { ImportOrigin } from '../../session/io/import-origin.ts';
import type { SessionState } from '../../session/model.ts';
import { sessionWith } from '../../session/timeline/timeline.fixtures.ts';
import { RecordedConversation } from './recorded-conversation.tsx';

const AT = new Date(2026, 10, 28, 14, 3, 7).getTime();

/** Two runs of the same call: `rec` imported from a file, `live` made now. */
function recordedAndLive(): SessionState {
  const s = sessionWith([
    { id: 'rec', legs: [{ result: { content: [{ type: 'text', text: 'done' }] } }] },
    { id: 'live', legs: [{ result: { content: [{ type: 'text', text: 'done' }] } }] },
  ]);
  const imported: ImportOrigin = { source: 'file', name: 'night-run.json', at: AT };
  const rec = s.conversations.rec;
  if (!rec) throw new Error('no fixture conversation');
  return { ...s, conversations: { ...s.conversations, rec: { ...rec, imported } as typeof rec } };
}

describe('RecordedConversation', () => {
  afterEach(cleanup);

  it('says where and when a recording came from, the date written without a locale format', () => {
    const toLocale = vi.spyOn(Date.prototype, 'toLocaleString');
    render(
      <RecordedConversation session={recordedAndLive()} id="rec" connected onRerun={() => {}} onAnswer={() => {}} />,
    );
    const region = screen.getByRole('region', { name: 'Recording' });
    expect(region.textContent).toContain(`Imported from a session file (night-run.json) on ${localDateTime(AT)}.`);
    expect(region.textContent).toContain('on 2026-11-28 14:03:07');
    expect(toLocale).not.toHaveBeenCalled();
    toLocale.mockRestore();
  });

  it('offers a re-run only while a server is connected', () => {
    const { rerender } = render(
      <RecordedConversation
        session={recordedAndLive()}
        id="rec"
        connected={false}
        onRerun={() => {}}
        onAnswer={() => {}}
      />,
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Re-run against live server' }).disabled).toBe(true);
    screen.getByText('Connect to a server to re-run this call.');
    const onRerun = vi.fn();
    rerender(
      <RecordedConversation session={recordedAndLive()} id="rec" connected onRerun={onRerun} onAnswer={() => {}} />,
    );
    screen.getByRole('button', { name: 'Re-run against live server' }).click();
    expect(onRerun).toHaveBeenCalledWith(expect.objectContaining({ id: 'rec' }));
  });

  it('compares the recording with the live run of the same call, round by round', () => {
    render(
      <RecordedConversation session={recordedAndLive()} id="rec" connected onRerun={() => {}} onAnswer={() => {}} />,
    );
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Compare with' });
    expect(select.selectedOptions[0]?.textContent).toMatch(/\(live\)$/);
    const table = screen.getByRole('table', { name: 'Compare runs' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    within(table).getByText('#1');
  });

  it('shows nothing for a live conversation with no recording of the same call', () => {
    const s = sessionWith([{ id: 'live', legs: [{ result: { content: [{ type: 'text', text: 'done' }] } }] }]);
    const { container } = render(
      <RecordedConversation session={s} id="live" connected onRerun={() => {}} onAnswer={() => {}} />,
    );
    expect(container.childElementCount).toBe(0);
  });
});
