import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInspectorStore } from '../../store/inspector-store.ts';
import { DepsProvider, type AppDeps } from '../../store/deps-context.tsx';
import { StoreProvider } from '../../store/store-context.tsx';
import { loadWatchedModel } from '../../store/watch-slice.ts';
import { recordWatchedJson } from '../../store/watched-store.fixtures.ts';
import { SelectedConversation } from './selected-conversation.tsx';

beforeAll(() => loadWatchedModel());
afterEach(cleanup);

const TARGET = 'http://127.0.0.1:9/mcp';

describe('SelectedConversation', () => {
  it("says in a watched call's Result that its client answers and retries by itself, not that the user should", () => {
    const deps: AppDeps = {
      config: {},
      fetchFor: () => () => Promise.reject(new Error('offline')),
      now: () => 0,
      timeoutMs: 1_000,
    };
    const store = createInspectorStore(deps);
    // a watched client's first round of approve: the server asks it to confirm
    const body = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'approve' } });
    const answer = JSON.stringify({
      jsonrpc: '2.0',
      id: 3,
      result: {
        resultType: 'input_required',
        inputRequests: { confirm: { method: 'elicitation/create', params: { message: 'Pay?' } } },
        requestState: 'st-1',
      },
    });
    recordWatchedJson(store, TARGET, body, answer);
    store.getState().selectConversation(store.getState().session.order[0]!);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DepsProvider deps={deps}>
          <StoreProvider store={store}>
            <SelectedConversation />
          </StoreProvider>
        </DepsProvider>
      </QueryClientProvider>,
    );
    const result = screen.getByRole('region', { name: 'Result' });
    expect(within(result).getByText(/^The server asked the client for input \(confirm\)/).textContent).toBe(
      'The server asked the client for input (confirm): the client answers and retries by itself.',
    );
    expect(result.textContent).not.toMatch(/answer it|send the retry/i);
  });
});
