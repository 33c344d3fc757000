// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { Outcome } from '../../protocol/classify.ts';
import type { JsonObject } from '../../protocol/types.ts';
import { ResultView } from './result-view.tsx';

afterEach(cleanup);

const complete = (result: JsonObject): Outcome => ({ kind: 'complete', result, resultTypeMissing: false });

describe('ResultView', () => {
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
});
