import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInspectorStore } from '../../store/inspector-store.ts';
import { DepsProvider, type AppDeps } from '../../store/deps-context.tsx';
import { StoreProvider } from '../../store/store-context.tsx';
import { ConnectionScreen } from './connection-screen.tsx';

afterEach(cleanup);

function setup() {
  const fetch = vi.fn((_url: unknown, _init?: RequestInit): Promise<Response> => Promise.reject(new Error('offline')));
  const deps: AppDeps = { config: {}, fetchFor: () => fetch, now: () => 0, timeoutMs: 1_000 };
  const store = createInspectorStore(deps);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DepsProvider deps={deps}>
        <StoreProvider store={store}>
          <ConnectionScreen />
        </StoreProvider>
      </DepsProvider>
    </QueryClientProvider>,
  );
  return { fetch, store };
}

describe('ConnectionScreen: Server URL check', () => {
  it('says why next to the field and sends nothing when Connect is pressed on "not a url"', async () => {
    const { fetch, store } = setup();
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Server URL' });
    await user.clear(field);
    await user.type(field, 'not a url');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Server URL must be an absolute http:// or https:// URL (got "not a url").');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect((field as HTMLInputElement).value).toBe('not a url');
    expect(store.getState().connectedUrl).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('drops the message when the URL is edited', async () => {
    setup();
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Server URL' });
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(screen.getByRole('alert').textContent).toContain('the field is empty');
    await user.type(field, 'h');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });
});
