import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInspectorStore } from '../store/inspector-store.ts';
import type { AppDeps } from '../store/deps-context.tsx';
import { App } from './app.tsx';

afterEach(cleanup);

function setup() {
  const fetch = vi.fn((_url: unknown, _init?: RequestInit): Promise<Response> => Promise.reject(new Error('offline')));
  const deps: AppDeps = { config: {}, fetchFor: () => fetch, now: () => 0, timeoutMs: 1_000 };
  const store = createInspectorStore(deps);
  render(<App store={store} deps={deps} />);
  return { fetch, store };
}

describe('App without a connection', () => {
  it('shows the first screen and sends nothing when no server is connected', async () => {
    const { fetch } = setup();
    expect(await screen.findByText('Connect to a server to list its tools.')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Connection status' }).textContent).toContain('not connected');
    expect(screen.getByRole('textbox', { name: 'Server URL' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('starts discover and the lists when Connect is pressed after starting unconnected', async () => {
    const { fetch, store } = setup();
    const user = userEvent.setup();
    const url = screen.getByRole('textbox', { name: 'Server URL' });
    await user.clear(url);
    await user.type(url, 'http://127.0.0.1:9/mcp');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(store.getState().connectedUrl).toBe('http://127.0.0.1:9/mcp');
    await vi.waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(5));
    const methods = fetch.mock.calls.map(([, init]) => (JSON.parse(String(init?.body)) as { method: string }).method);
    expect(new Set(methods)).toEqual(
      new Set(['server/discover', 'tools/list', 'prompts/list', 'resources/list', 'resources/templates/list']),
    );
  });
});
