import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createInspectorStore } from '../store/inspector-store.ts';
import type { AppDeps } from '../store/deps-context.tsx';
import { App } from './app.tsx';

// the catalog stands for the page under the shell: it reads nothing that a call changes
const renders = vi.hoisted(() => ({ catalog: 0 }));
vi.mock('../features/catalog/catalog.tsx', () => ({
  Catalog: () => {
    renders.catalog += 1;
    return null;
  },
}));

afterEach(cleanup);

describe('Shell', () => {
  it('does not re-render the page under it when a call changes the session, the runs or the focus intent', async () => {
    const fetch = vi.fn((): Promise<Response> => Promise.reject(new Error('offline')));
    const deps: AppDeps = { config: {}, fetchFor: () => fetch, now: () => 0, timeoutMs: 1_000 };
    const store = createInspectorStore(deps);
    render(<App store={store} deps={deps} />);
    await screen.findByRole('textbox', { name: 'Server URL' });
    const before = renders.catalog;
    expect(before).toBeGreaterThan(0);
    act(() => {
      // what a call does to the state the shell's commands and focus handling read
      store.setState((s) => ({
        session: { ...s.session },
        running: { ...s.running, c1: true },
        focusIntent: { target: 'result', conversationId: 'c1', round: 1, from: 'Call', nonce: 1 },
      }));
    });
    expect(renders.catalog).toBe(before);
  });
});
