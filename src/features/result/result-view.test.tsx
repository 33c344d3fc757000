import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Outcome } from '../../protocol/classify.ts';
import type { JsonObject } from '../../protocol/types.ts';
import { ResultView } from './result-view.tsx';

afterEach(cleanup);

const complete = (result: JsonObject): Outcome => ({ kind: 'complete', result, resultTypeMissing: false });

describe('ResultView', () => {
  it('cuts a multi-megabyte text result and shows all of it on Show all when tools/call returns one', async () => {
    const text = `${'x'.repeat(5 * 1024 * 1024)}LAST`;
    const { container: region } = render(
      <ResultView
        method="tools/call"
        outcome={complete({ resultType: 'complete', content: [{ type: 'text', text }] })}
      />,
    );
    expect(region.textContent).not.toContain('LAST');
    await userEvent.click(within(region).getByRole('button', { name: 'Show all 5,242,884 characters' }));
    expect(region.textContent).toContain('LAST');
  });

  it('lists prompt messages with their roles when prompts/get completes', () => {
    render(
      <ResultView
        method="prompts/get"
        outcome={complete({
          resultType: 'complete',
          description: 'Email about lunch',
          messages: [
            { role: 'user', content: { type: 'text', text: 'Draft a <b>short</b> email' } },
            { role: 'assistant', content: [{ type: 'text', text: 'Sure.' }] },
          ],
        })}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Prompt messages' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['userDraft a <b>short</b> email', 'assistantSure.']);
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByText('Email about lunch')).toBeTruthy();
  });

  it('shows uri, mime type and UTF-8 size of a text resource and the size of a blob when resources/read completes', () => {
    render(
      <ResultView
        method="resources/read"
        outcome={complete({
          contents: [
            { uri: 'report://2025/summary', mimeType: 'text/plain', text: 'Café\n' },
            { uri: 'file:///logo.png', mimeType: 'image/png', blob: 'iVBORw0KGgo=' },
            { uri: 'mock://odd' },
          ],
        })}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Resource contents' })).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('report://2025/summary · text/plain · text, 6 bytes');
    expect(items[0]?.textContent).toContain('Café');
    expect(items[1]?.textContent).toContain('file:///logo.png · image/png · blob, 8 bytes');
    expect(items[1]?.querySelector('img')).toBeNull();
    expect(items[2]?.textContent).toContain('mock://odd · no mime type · neither text nor blob');
  });

  it('says "still waiting" and shows string _meta notes when the server returned only a requestState', () => {
    render(
      <ResultView
        method="tools/call"
        outcome={{
          kind: 'input_required',
          stateOnly: true,
          requestState: 'v1.x',
          result: {
            resultType: 'input_required',
            requestState: 'v1.x',
            _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'm' }, 'mock/status': 'flow abc not approved' },
          },
        }}
      />,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('still waiting');
    expect(status.textContent).toContain('mock/status: flow abc not approved');
    expect(status.textContent).not.toContain('serverInfo');
  });

  it('names the pending keys when the server asks for input', () => {
    render(
      <ResultView
        method="tools/call"
        outcome={{
          kind: 'input_required',
          stateOnly: false,
          inputRequests: { region: { method: 'roots/list' }, login: { method: 'roots/list' } },
          result: { resultType: 'input_required' },
        }}
      />,
    );
    expect(screen.getByText(/The server needs input \(region, login\)/)).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the watched client answers and retries by itself, never to answer or send, in a watched conversation', () => {
    const asks: Outcome = {
      kind: 'input_required',
      stateOnly: false,
      inputRequests: { confirm: { method: 'elicitation/create' } },
      result: { resultType: 'input_required' },
    };
    const { container, rerender } = render(<ResultView method="tools/call" watched outcome={asks} />);
    expect(container.textContent).toBe(
      'The server asked the client for input (confirm): the client answers and retries by itself.',
    );
    // a request a 2025-11-25 server pushed on a watched call's stream
    rerender(<ResultView method="tools/call" watched outcome={asks} pushed={{ answered: false, onSession: false }} />);
    expect(container.textContent).toBe('The server asked the client (confirm): the client answers it by itself.');
    rerender(
      <ResultView
        method="tools/call"
        watched
        outcome={{
          kind: 'input_required',
          stateOnly: true,
          requestState: 's',
          result: { resultType: 'input_required' },
        }}
      />,
    );
    expect(screen.getByRole('status').textContent).toContain('The client retries by itself when ready.');
    expect(container.textContent).not.toMatch(/answer it|send the retry|Send response|Retry when ready/);
  });

  it('says every question is answered and to send the retry when the draft answers all requests', () => {
    render(
      <ResultView
        method="tools/call"
        allAnswered
        outcome={{
          kind: 'input_required',
          stateOnly: false,
          inputRequests: { region: { method: 'roots/list' } },
          result: { resultType: 'input_required' },
        }}
      />,
    );
    expect(screen.getByText('All questions answered: review the request below and Send retry.')).toBeTruthy();
    expect(screen.queryByText(/The server needs input/)).toBeNull();
  });

  it('names the edit, the expiry and offers both resends when a rejected state was edited and expired', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    const over = vi.fn();
    render(
      <ResultView
        method="tools/call"
        outcome={{ kind: 'error', error: { code: -32602, message: 'Invalid or expired requestState' } }}
        rejectedState={{
          facts: { edited: true, hasServerState: true, expiredSecondsBeforeSend: 12 },
          onRetryWithServerState: retry,
          onStartOver: over,
        }}
      />,
    );
    expect(screen.getByText('Error -32602: Invalid or expired requestState')).toBeTruthy();
    const notice = screen.getByRole('region', { name: 'Why the requestState may have been rejected' });
    expect(notice.textContent).toContain('You edited requestState on this leg; the server rejected it.');
    expect(notice.textContent).toContain('This requestState expired 12 s before it was sent.');
    await user.click(within(notice).getByRole('button', { name: "Retry with the server's requestState" }));
    await user.click(within(notice).getByRole('button', { name: 'Start over from round 1' }));
    expect(retry).toHaveBeenCalledOnce();
    expect(over).toHaveBeenCalledOnce();
  });

  it('disables the resend and says why when a leg is in flight', () => {
    render(
      <ResultView
        method="tools/call"
        outcome={{ kind: 'error', error: { code: -32602, message: 'Invalid or expired requestState' } }}
        rejectedState={{
          facts: { edited: true, hasServerState: true },
          disabledReason: 'A leg is in flight.',
          onRetryWithServerState: () => {},
        }}
      />,
    );
    const button = screen.getByRole('button', { name: "Retry with the server's requestState" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('A leg is in flight.')).toBeTruthy();
    expect(screen.queryByText(/before it was sent/)).toBeNull();
  });

  it('describes a binary content block by type, mime type and size without displaying it when a tool returns an image', () => {
    render(
      <ResultView
        method="tools/call"
        outcome={complete({ content: [{ type: 'image', mimeType: 'image/png', data: 'AAAA' }], isError: true })}
      />,
    );
    expect(screen.getByText('image content · image/png · 3 bytes (not displayed)')).toBeTruthy();
    expect(screen.getByText('isError: the tool reports a failure')).toBeTruthy();
  });

  it('names the response, never a "Send retry" button, when the last leg is a request a 2025-11-25 server pushed', () => {
    const pushed: Outcome = {
      kind: 'input_required',
      result: {},
      inputRequests: { 'roots/list #0': { method: 'roots/list' } },
      stateOnly: false,
    };
    const { rerender, container } = render(
      <ResultView method="roots/list" outcome={pushed} pushed={{ answered: false, onSession: true }} />,
    );
    expect(container.textContent).toContain('The server asks (roots/list #0): answer it, then Send response.');
    rerender(
      <ResultView method="roots/list" outcome={pushed} allAnswered pushed={{ answered: false, onSession: true }} />,
    );
    expect(container.textContent).toContain('Send response');
    expect(container.textContent).not.toMatch(/retry/i);
    rerender(
      <ResultView method="roots/list" outcome={pushed} pushed={{ answered: true, ack: 202, onSession: true }} />,
    );
    expect(screen.getByRole('status').textContent).toContain(
      'The response went out (the server acknowledged it with HTTP 202). The server asked on its session, outside any call',
    );
  });

  it('says a posted answer did not reach the server, and why, instead of that it went out', () => {
    const pushed: Outcome = {
      kind: 'input_required',
      result: {},
      inputRequests: { 'elicitation/create #0': { method: 'elicitation/create', params: {} } },
      stateOnly: false,
    };
    render(
      <ResultView
        method="elicitation/create"
        outcome={pushed}
        pushed={{ answered: true, onSession: false, undelivered: 'dropped in the inspector (held request)' }}
      />,
    );
    const status = screen.getByRole('status').textContent;
    expect(status).toContain('not delivered');
    expect(status).toContain('The response did not reach the server (dropped in the inspector (held request)).');
    expect(status).toContain('The server still waits for it');
    expect(status).not.toContain('went out');
  });
});
