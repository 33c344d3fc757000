import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInspectorStore } from '../../store/inspector-store.ts';
import { DepsProvider, type AppDeps } from '../../store/deps-context.tsx';
import { StoreProvider } from '../../store/store-context.tsx';
import { CatalogScreen } from './catalog-screen.tsx';

afterEach(cleanup);

type Answer = (method: string, id: unknown) => Response;

function setup(answer: Answer) {
  const fetch = vi.fn(async (_url: unknown, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { method: string; id: unknown };
    return answer(body.method, body.id);
  });
  const deps: AppDeps = { config: {}, fetchFor: () => fetch, now: () => 0, timeoutMs: 1_000 };
  const store = createInspectorStore(deps);
  store.getState().connect('http://127.0.0.1:9/mcp');
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <DepsProvider deps={deps}>
        <StoreProvider store={store}>
          <CatalogScreen />
        </StoreProvider>
      </DepsProvider>
    </QueryClientProvider>,
  );
  return { fetch };
}

const notFound = () => new Response(null, { status: 404 });

describe('CatalogScreen when the connection fails', () => {
  it('says "not connected" once per list instead of repeating the connection error when discover fails', async () => {
    setup(notFound);
    const nav = await screen.findByRole('navigation', { name: 'Server catalog' });
    await vi.waitFor(() => expect(screen.getAllByText('Not connected.')).toHaveLength(4));
    expect(nav.textContent).toContain('Not connected: the connection failed');
    expect(nav.textContent).not.toContain('HTTP 404');
  });

  it('names a list’s own error when only that list fails', async () => {
    const ok = (id: unknown, result: object) =>
      new Response(JSON.stringify({ jsonrpc: '2.0', id, result }), {
        headers: { 'content-type': 'application/json' },
      });
    setup((method, id) => {
      if (method === 'prompts/list') return notFound();
      if (method === 'server/discover') return ok(id, { resultType: 'complete', supportedVersions: ['2026-07-28'] });
      return ok(id, { resultType: 'complete', tools: [], resources: [], resourceTemplates: [] });
    });
    expect(
      await screen.findByText('Could not list prompts: HTTP 404 with an empty body: no JSON-RPC response'),
    ).toBeTruthy();
    expect(screen.queryByText(/Not connected/)).toBeNull();
  });
});
