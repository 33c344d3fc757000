import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInspectorStore, type InspectorStore } from '../../store/inspector-store.ts';
import { DepsProvider, type AppDeps } from '../../store/deps-context.tsx';
import { StoreProvider } from '../../store/store-context.tsx';
import { queryEnvOf } from '../../queries/query-env.ts';
import { discoverQuery, promptsQuery, templatesQuery, toolsQuery } from '../../queries/server-queries.ts';
import type { ToolDescriptor } from '../../protocol/types.ts';
import { preloadSchemaForm } from '../../features/call/arguments-editor.tsx';
import { CallScreen } from './call-screen.tsx';
import { connectedSettingsOf } from '../../store/connection-slice.ts';

// the arguments form's chunk is loaded before the tests: a picked tool's form renders at once, with no lazy wait
beforeAll(() => preloadSchemaForm());
afterEach(cleanup);

const TOOLS: ToolDescriptor[] = [
  {
    name: 'provision',
    inputSchema: { type: 'object', properties: { name: { type: 'string', title: 'Database name' } } },
  },
  {
    name: 'slow_job',
    inputSchema: { type: 'object', properties: { steps: { type: 'integer', title: 'Polls before done' } } },
  },
  { name: 'ping', inputSchema: { type: 'object', properties: {} } },
];

function setup() {
  const fetch = vi.fn(() => Promise.reject(new Error('offline')));
  const deps: AppDeps = { config: {}, fetchFor: () => fetch, now: () => 0, timeoutMs: 1_000 };
  const store: InspectorStore = createInspectorStore(deps, { connectedUrl: 'http://127.0.0.1:9/mcp' });
  const env = queryEnvOf(connectedSettingsOf(store.getState()), store.getState().connectNonce, deps.fetchFor);
  if (!env) throw new Error('not connected');
  const client = new QueryClient();
  client.setQueryData(toolsQuery(env).queryKey, TOOLS);
  client.setQueryData(promptsQuery(env).queryKey, []);
  client.setQueryData(templatesQuery(env).queryKey, []);
  // the call panel reads the server's era and capabilities (task-augmented calls); a 2026-07-28 server here
  client.setQueryData(discoverQuery(env).queryKey, {
    supportedVersions: ['2026-07-28'],
    capabilities: {},
    raw: {},
    era: 'modern',
  });
  // stands in for the catalog (another feature): a button per tool that picks it
  const pick = (name: string) => (
    <button key={name} type="button" onClick={() => store.getState().select({ kind: 'tool', name })}>
      pick {name}
    </button>
  );
  render(
    <QueryClientProvider client={client}>
      <DepsProvider deps={deps}>
        <StoreProvider store={store}>
          <nav aria-label="Server catalog">{TOOLS.map((t) => pick(t.name))}</nav>
          <CallScreen />
        </StoreProvider>
      </DepsProvider>
    </QueryClientProvider>,
  );
  return { store, fetch };
}

describe('CallScreen', () => {
  it('keeps the arguments typed for a tool when the user picks another tool and comes back', async () => {
    const user = userEvent.setup();
    const { store } = setup();
    await user.click(screen.getByRole('button', { name: 'pick provision' }));
    await user.type(screen.getByRole('textbox', { name: 'Database name' }), 'keepme');
    await user.click(screen.getByRole('button', { name: 'pick slow_job' }));
    expect(screen.getByRole('spinbutton', { name: 'Polls before done' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Database name' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'pick provision' }));
    const name = screen.getByRole('textbox', { name: 'Database name' });
    expect((name as HTMLInputElement).value).toBe('keepme');
    expect(store.getState().callArguments['tool:provision']).toEqual({ name: 'keepme' });
  });

  it('moves focus to the first argument when the user picks a tool in the catalog', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('button', { name: 'pick provision' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Database name' }));
    await user.click(screen.getByRole('button', { name: 'pick slow_job' }));
    expect(document.activeElement).toBe(screen.getByRole('spinbutton', { name: 'Polls before done' }));
  });

  it('moves focus to the Call tool button when the picked tool takes no arguments', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('button', { name: 'pick ping' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Call tool' }));
  });

  it('leaves focus where the user typed when the selection changes while focus is outside the catalog', async () => {
    const user = userEvent.setup();
    const { store } = setup();
    const elsewhere = document.createElement('input');
    elsewhere.setAttribute('aria-label', 'Elsewhere');
    document.body.append(elsewhere);
    try {
      await user.click(elsewhere);
      act(() => store.getState().select({ kind: 'tool', name: 'provision' }));
      // the form is there: a watch would have moved focus by now (it looks on every change to the page)
      await screen.findByRole('textbox', { name: 'Database name' });
      await act(async () => {});
      expect(document.activeElement).toBe(elsewhere);
    } finally {
      elsewhere.remove();
    }
  });

  it('sends the request options in the first leg’s _meta and shows a fresh token when the user sets them', async () => {
    const user = userEvent.setup();
    const { fetch } = setup();
    await user.click(screen.getByRole('button', { name: 'pick ping' }));
    const disclosure = await screen.findByRole('button', { name: /Request options/ });
    expect(disclosure.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('checkbox', { name: 'Ask for progress (progressToken)' })).toBeNull();
    await user.click(disclosure);
    await user.click(screen.getByRole('checkbox', { name: 'Ask for progress (progressToken)' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Log level' }), 'warning');
    const trace = screen.getByRole('textbox', { name: 'traceparent' });
    await user.type(trace, 'nope');
    expect(trace.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/Does not look like a W3C traceparent/)).toBeTruthy();
    const token = /next: (progress-[0-9a-f]+)/.exec(screen.getByText(/A fresh token per call/).textContent ?? '')?.[1];
    expect(token).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Call tool' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    const meta = (JSON.parse(String(init.body)) as { params: { _meta: Record<string, unknown> } }).params._meta;
    expect(meta).toMatchObject({
      progressToken: token,
      'io.modelcontextprotocol/logLevel': 'warning',
      traceparent: 'nope',
    });
    // the next call gets a fresh token; the one just sent stays in view
    await vi.waitFor(() =>
      expect(screen.getByText(/A fresh token per call/).textContent).toContain(`last call sent ${token}`),
    );
    expect(screen.getByText(/A fresh token per call/).textContent).not.toMatch(new RegExp(`next: ${token}`));
  });

  it('sends a value with a line break typed in the JSON editor and shows it back in the form', async () => {
    const user = userEvent.setup();
    const { fetch, store } = setup();
    await user.click(screen.getByRole('button', { name: 'pick provision' }));
    await user.type(await screen.findByRole('textbox', { name: 'Database name' }), 'orders');
    await user.click(screen.getByRole('button', { name: 'JSON' }));
    const json = screen.getByRole('textbox', { name: 'Arguments (JSON)' });
    expect(JSON.parse((json as HTMLTextAreaElement).value)).toEqual({ name: 'orders' });
    await user.clear(json);
    await user.click(json);
    await user.paste('{ "name": "line1\\nline2", "extra": 3 }');
    expect(store.getState().callArguments['tool:provision']).toEqual({ name: 'line1\nline2', extra: 3 });
    await user.click(screen.getByRole('button', { name: 'Call tool' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    const body = JSON.parse(String(init.body)) as { params: { arguments: unknown } };
    expect(body.params.arguments).toEqual({ name: 'line1\nline2', extra: 3 });
    // a one-line field cannot show the line break: the form says so, and what is stored is still the JSON value
    await user.click(screen.getByRole('button', { name: 'Form' }));
    await screen.findByRole('textbox', { name: 'Database name' });
    expect(screen.getByRole('note').textContent).toMatch(/^name holds a line break/);
    expect(store.getState().callArguments['tool:provision']).toEqual({ name: 'line1\nline2', extra: 3 });
  });

  it('does not send the call and says where when the JSON arguments do not parse', async () => {
    const user = userEvent.setup();
    const { fetch } = setup();
    await user.click(screen.getByRole('button', { name: 'pick provision' }));
    await screen.findByRole('textbox', { name: 'Database name' });
    await user.click(screen.getByRole('button', { name: 'JSON' }));
    const json = screen.getByRole('textbox', { name: 'Arguments (JSON)' });
    await user.clear(json);
    await user.click(json);
    await user.paste('{\n  "name": "x",\n}');
    expect(json.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Call tool' }));
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent ?? '');
    expect(alerts.some((t) => /^Not sent: the arguments JSON.*line 3, column 1/.test(t))).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });
});
