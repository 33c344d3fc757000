import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { askResult, testLeg } from '../../protocol/lint/lint-legs.fixtures.ts';
import { lintLeg } from '../../protocol/lint/lint-leg.ts';
import { LegInspector } from './leg-inspector.tsx';
import { SSE_EVENT_CHARS, SSE_EVENTS_PAGE } from './sse-event-list.tsx';

/** Secrets a watched client and its server send, each a value that must show nowhere in clear. */
const CLIENT_SECRETS: [string, string][] = [
  ['Authorization', 'Bearer tok-auth-1111'],
  ['Cookie', 'session=cookie-2222'],
  ['X-Api-Key', 'key-3333'],
];
const SERVER_SECRETS: [string, string][] = [
  ['X-Auth-Token', 'srv-token-4444'],
  ['Set-Cookie', 'sid=set-cookie-5555; HttpOnly'],
];
const SECRET_VALUES = ['tok-auth-1111', 'cookie-2222', 'key-3333', 'srv-token-4444', 'set-cookie-5555'];

afterEach(cleanup);

describe('LegInspector', () => {
  it('lists each lint finding with its rule and spec section when the leg breaks a rule', async () => {
    const leg = testLeg({ requestState: 'invented' });
    render(<LegInspector exchange={leg.exchange} title="t" findings={lintLeg({ leg, history: [] })} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Lint (1)' }));
    const item = within(screen.getByRole('list', { name: 'Lint findings' })).getByRole('listitem');
    expect(item.textContent).toContain('client/no-invented-request-state');
    expect(item.textContent).toContain('2026-07-28 basic/patterns/mrtr § Client Requirements (Basic Workflow)');
  });

  it('shows the cURL command in a read-only box when the Copy tab is opened', async () => {
    const leg = testLeg({ result: askResult(['region'], 'S') });
    render(<LegInspector exchange={leg.exchange} title="t" />);
    await userEvent.click(screen.getByRole('tab', { name: 'Copy' }));
    const box = screen.getByRole('textbox', { name: 'cURL command' }) as HTMLTextAreaElement;
    expect(box.readOnly).toBe(true);
    expect(box.value).toMatch(/^curl -sS -X POST 'http:\/\/127\.0\.0\.1:1\/mcp'/);
    expect(box.value).toContain("-H 'Mcp-Method: tools/call'");
  });

  it('masks every secret header in every view of the leg: Request, Response, Raw and the Copy boxes', async () => {
    const leg = testLeg({ result: askResult(['region'], 'S') });
    const exchange = {
      ...leg.exchange,
      request: { ...leg.exchange.request, headers: [...leg.exchange.request.headers, ...CLIENT_SECRETS] },
      response: { ...leg.exchange.response!, headers: [...leg.exchange.response!.headers, ...SERVER_SECRETS] },
    };
    render(<LegInspector exchange={exchange} title="t" />);
    const shown = () => {
      const panel = screen.getByRole('tabpanel');
      const boxes = within(panel).queryAllByRole('textbox') as HTMLTextAreaElement[];
      return `${panel.textContent ?? ''}${boxes.map((b) => b.value).join('')}`;
    };
    const views: string[] = [];
    for (const raw of [false, true]) {
      if (raw) await userEvent.click(screen.getByRole('checkbox', { name: 'Raw' }));
      for (const tab of ['Request', 'Response', 'Copy']) {
        await userEvent.click(screen.getByRole('tab', { name: tab }));
        views.push(shown());
      }
    }
    for (const view of views) for (const secret of SECRET_VALUES) expect(view).not.toContain(secret);
    // the headers are there, masked, the scheme kept
    expect(views[0]).toContain('Bearer [redacted]');
    expect(views[0]).toContain('X-Api-Key');
    expect(views[1]).toContain('X-Auth-Token');
    // Copy: the boxes are masked; the panel names each secret the copied command holds in full
    expect(views[2]).toContain('include Authorization, Cookie, X-Api-Key in full');
  });

  it('copies the command whole (to send it again), the secrets included', async () => {
    const user = userEvent.setup();
    const leg = testLeg({ result: askResult(['region'], 'S') });
    const exchange = {
      ...leg.exchange,
      request: { ...leg.exchange.request, headers: [...leg.exchange.request.headers, ...CLIENT_SECRETS] },
    };
    render(<LegInspector exchange={exchange} title="t" />);
    await user.click(screen.getByRole('tab', { name: 'Copy' }));
    await user.click(screen.getByRole('button', { name: 'Copy as cURL' }));
    const copied = await navigator.clipboard.readText();
    expect(copied).toContain("-H 'X-Api-Key: key-3333'");
    expect(copied).toContain("-H 'Cookie: session=cookie-2222'");
  });

  it('says why an answer that began did not arrive whole, beside what did arrive', () => {
    const leg = testLeg({ result: askResult(['region'], 'S') });
    const message = "the connection dropped while reading the body: dropped in the inspector (held server's answer)";
    render(<LegInspector exchange={{ ...leg.exchange, failure: { kind: 'stream', message } }} title="t" />);
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toContain(message);
    expect(within(panel).getByRole('table', { name: 'Response headers' })).toBeTruthy();
  });

  it('says why there is no answer at all when the request got none', () => {
    const leg = testLeg({ result: askResult(['region'], 'S') });
    const { response: _none, ...unanswered } = leg.exchange;
    const failure = { kind: 'network' as const, message: 'dropped in the inspector (held request)' };
    render(<LegInspector exchange={{ ...unanswered, failure }} title="t" />);
    expect(screen.getByRole('tabpanel').textContent).toBe('dropped in the inspector (held request)');
  });

  it('cuts a multi-MB string in the pretty view and offers to show it all', async () => {
    const huge = 'x'.repeat(3_000_000);
    const leg = testLeg({ result: { resultType: 'complete', content: [{ type: 'text', text: huge }] } });
    render(<LegInspector exchange={leg.exchange} title="t" />);
    const body = screen.getByRole('group', { name: 'Response body' });
    expect(body.textContent!.length).toBeLessThan(5_000);
    await userEvent.click(within(body).getByRole('button', { name: /show all 3,000,000 characters/ }));
    expect(body.textContent!.length).toBeGreaterThan(3_000_000);
  });

  it('renders server text as text, never as markup, when a body carries HTML', () => {
    const leg = testLeg({
      result: { resultType: 'complete', content: [{ type: 'text', text: '<img src=x onerror=alert(1)>' }] },
    });
    const { container } = render(<LegInspector exchange={leg.exchange} title="t" />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('group', { name: 'Response body' }).textContent).toContain('<img src=x');
  });

  it('renders the SSE events a page at a time and shows more on request when a stream holds hundreds', async () => {
    const leg = testLeg({ result: askResult(['region'], 'S') });
    const data = (n: number) =>
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: n } });
    const sseEvents = Array.from({ length: 120 }, (_, i) => ({ data: data(i), at: i }));
    const exchange = { ...leg.exchange, response: { ...leg.exchange.response!, sseEvents } };
    render(<LegInspector exchange={exchange} title="t" />);
    await userEvent.click(screen.getByRole('tab', { name: 'SSE events (120)' }));
    const list = screen.getByRole('list', { name: 'SSE events' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(SSE_EVENTS_PAGE);
    expect(screen.getByText(/Showing 50 of 120 events/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show 50 more' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show 20 more' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(120);
    expect(screen.queryByRole('button', { name: /more$/ })).toBeNull();
  });

  it('shows a large SSE event raw as its first characters, with Show all for the rest', async () => {
    const leg = testLeg({ result: askResult(['region'], 'S') });
    const log = 'L'.repeat(65_536);
    const data = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: log } });
    const exchange = { ...leg.exchange, response: { ...leg.exchange.response!, sseEvents: [{ data, at: 1 }] } };
    render(<LegInspector exchange={exchange} title="t" />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Raw' }));
    await userEvent.click(screen.getByRole('tab', { name: 'SSE events (1)' }));
    const event = screen.getByLabelText('SSE event 1');
    expect(event.textContent).toContain(data.slice(0, SSE_EVENT_CHARS));
    expect(event.textContent).not.toContain(data.slice(0, SSE_EVENT_CHARS + 1));
    await userEvent.click(
      within(event).getByRole('button', { name: `Show all ${data.length.toLocaleString('en-US')} characters` }),
    );
    expect(event.textContent).toContain(data);
  });
});
