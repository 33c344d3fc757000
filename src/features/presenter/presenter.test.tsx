import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testSession } from '../../session/io/session.fixtures.ts';
import { Presenter, type PresenterProps } from './presenter.tsx';

const s = testSession();
const c1 = s.conversations.c1!;
const leg1 = s.legs['leg-1']!;
const leg2 = s.legs['leg-2']!;

function props(legs = [leg1], extra: Partial<PresenterProps> = {}): PresenterProps {
  return {
    conversations: [{ id: 'c1', title: 'provision' }],
    conversation: c1,
    legs,
    live: true,
    onPick: () => {},
    onOpenDemo: () => {},
    onClose: () => {},
    ...extra,
  };
}

afterEach(cleanup);

describe('Presenter', () => {
  it('follows a live conversation when a new leg arrives while the last leg is shown', () => {
    const view = render(<Presenter {...props()} />);
    expect(screen.getByText(/Leg 1 of 1/)).toBeTruthy();
    view.rerender(<Presenter {...props([leg1, leg2])} />);
    expect(screen.getByText(/Leg 2 of 2/)).toBeTruthy();
  });

  it('stays on the leg being explained when a new leg arrives while an earlier one is shown', () => {
    const view = render(<Presenter {...props([leg1, leg2])} />);
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(screen.getByText(/Leg 1 of 2/)).toBeTruthy();
    view.rerender(<Presenter {...props([leg1, leg2, leg2])} />);
    expect(screen.getByText(/Leg 1 of 3/)).toBeTruthy();
  });

  it('moves with arrows and closes on Escape when keys are pressed', () => {
    let closed = false;
    render(<Presenter {...props([leg1, leg2], { startLegId: 'leg-1', onClose: () => (closed = true) })} />);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByLabelText('Caption').textContent).toContain('finishes');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(closed).toBe(true);
  });
});
