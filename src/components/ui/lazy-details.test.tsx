import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { LazyDetails } from './lazy-details.tsx';

function Counter() {
  const [n, setN] = useState(0);
  return <button onClick={() => setN(n + 1)}>clicked {n}</button>;
}

function toggle(details: HTMLElement, open: boolean) {
  (details as HTMLDetailsElement).open = open;
  fireEvent(details, new Event('toggle'));
}

describe('LazyDetails', () => {
  it('builds its content on the first open only, then keeps it (and its state) when closed', () => {
    let built = 0;
    const { container } = render(
      <LazyDetails summary="lab">
        {() => {
          built += 1;
          return <Counter />;
        }}
      </LazyDetails>,
    );
    const details = container.querySelector('details') as HTMLElement;
    expect(built).toBe(0);
    expect(screen.queryByRole('button', { name: /clicked/ })).toBeNull();

    toggle(details, true);
    fireEvent.click(screen.getByRole('button', { name: 'clicked 0' }));
    expect(screen.getByRole('button', { name: 'clicked 1' })).toBeTruthy();

    toggle(details, false);
    toggle(details, true);
    expect(screen.getByRole('button', { name: 'clicked 1' })).toBeTruthy();
  });
});
