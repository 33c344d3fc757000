import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FocusIntent } from '../session/focus.ts';
import { createInspectorStore, type InspectorStore } from '../store/inspector-store.ts';
import { StoreProvider } from '../store/store-context.tsx';
import { useFocusIntent } from './use-focus-intent.ts';

afterEach(cleanup);

function Applier() {
  useFocusIntent();
  return null;
}

/** The conversation column in miniature: the composer while the call goes on, a pending request, the Result. */
function Page({ store, composer, asks }: { store: InspectorStore; composer: boolean; asks?: boolean }) {
  return (
    <StoreProvider store={store}>
      <Applier />
      {asks && <section role="group" aria-label="region" data-input-request="region" data-answered="false" />}
      {composer && (
        <section aria-label="Next request">
          <button type="button">Send retry</button>
          <button type="button">Run to completion</button>
        </section>
      )}
      <section aria-label="Result" />
      <input aria-label="Search legs" />
    </StoreProvider>
  );
}

const intent = (over: Partial<FocusIntent>): FocusIntent => ({
  target: 'result',
  conversationId: 'c1',
  round: 2,
  from: 'Next request',
  nonce: 1,
  ...over,
});

function setup() {
  const store = createInspectorStore({ fetchFor: () => fetch, now: () => 0 });
  const view = render(<Page store={store} composer />);
  return {
    store,
    rerender: (p: { composer: boolean; asks?: boolean }) => view.rerender(<Page store={store} {...p} />),
  };
}

describe('useFocusIntent', () => {
  it('moves focus to the Result when the store says the call finished and the composer went away', async () => {
    const { store, rerender } = setup();
    screen.getByRole('button', { name: 'Send retry' }).focus();
    rerender({ composer: false });
    act(() => store.setState({ focusIntent: intent({ target: 'result' }) }));
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Result' }));
  });

  it('moves focus to the first request of the next round once it renders after the intent', async () => {
    const { store, rerender } = setup();
    screen.getByRole('button', { name: 'Send retry' }).focus();
    act(() => store.setState({ focusIntent: intent({ target: 'first-request', round: 3 }) }));
    // the request renders a moment later (a new round's list)
    rerender({ composer: true, asks: true });
    await act(async () => {});
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'region' }));
  });

  it('moves focus back to the Run button when a run stopped at the round cap', () => {
    const { store } = setup();
    act(() => store.setState({ focusIntent: intent({ target: 'run-button' }) }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Run to completion' }));
  });

  it('leaves focus where the user put it while the step was going', () => {
    const { store } = setup();
    const search = screen.getByRole('textbox', { name: 'Search legs' });
    search.focus();
    act(() => store.setState({ focusIntent: intent({ target: 'result' }) }));
    expect(document.activeElement).toBe(search);
  });
});
