import { describe, expect, it } from 'vitest';
import type { Exchange, HeaderList } from '../../../protocol/exchange.ts';
import { LEGACY_PROTOCOL_VERSION } from '../../../protocol/types.ts';
import type { SessionEvent } from '../../events.ts';
import { parseSessionFile, serializeSessionFile, toSessionFile } from '../../io/session-file.ts';
import { conversationLint } from '../../lint-session.ts';
import { emptySession } from '../../model.ts';
import { reduceMany } from '../../reduce-many.ts';
import { timelineRows } from '../../timeline/timeline-rows.ts';
import { emptyWatchGroups, placeWatchedRequest, recordWatchedExchange, type WatchGroups } from './watched.ts';

const URL = 'http://127.0.0.1:8765/mcp';
const SESSION: HeaderList = [
  ['mcp-session-id', 's-1'],
  ['mcp-protocol-version', LEGACY_PROTOCOL_VERSION],
];

function exchange(
  method: 'POST' | 'GET' | 'DELETE',
  headers: HeaderList,
  body: string,
  response: { status: number; contentType: string; body: string; sse?: true },
): Exchange {
  const ex: Exchange = {
    request: { url: URL, method, headers, body },
    response: {
      status: response.status,
      statusText: '',
      headers: [
        ['content-type', response.contentType],
        ...(method === 'POST' && body.includes('initialize"') ? [['mcp-session-id', 's-1'] as [string, string]] : []),
      ],
      contentType: response.contentType,
      body: response.body,
      size: response.body.length,
      ...(response.sse ? { sseEvents: [] } : {}),
    },
    startedAt: 0,
    durationMs: 1,
  };
  if (response.contentType === 'application/json' && response.body) ex.message = JSON.parse(response.body) as unknown;
  return ex;
}

const init = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: LEGACY_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'c', version: '1' } },
});
const initAnswer = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  result: { protocolVersion: LEGACY_PROTOCOL_VERSION, capabilities: {}, serverInfo: { name: 's', version: '1' } },
});
const initialized = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });

/**
 * A 2025-11-25 client's session as the proxy sees it: initialize (whose answer is recorded last, as a stream that
 * ends after the client went on), notifications/initialized answered 202, the session's GET stream, its DELETE.
 */
function watchSession() {
  const steps: { http: 'POST' | 'GET' | 'DELETE'; headers: HeaderList; body: string; ex: Exchange }[] = [
    {
      http: 'POST',
      headers: [],
      body: init,
      ex: exchange('POST', [], init, { status: 200, contentType: 'application/json', body: initAnswer }),
    },
    {
      http: 'POST',
      headers: SESSION,
      body: initialized,
      ex: exchange('POST', SESSION, initialized, { status: 202, contentType: '', body: '' }),
    },
    {
      http: 'GET',
      headers: SESSION,
      body: '',
      ex: exchange('GET', SESSION, '', { status: 200, contentType: 'text/event-stream', body: '', sse: true }),
    },
    {
      http: 'DELETE',
      headers: SESSION,
      body: '',
      ex: exchange('DELETE', SESSION, '', { status: 200, contentType: '', body: '' }),
    },
  ];
  let groups: WatchGroups = emptyWatchGroups;
  const events: SessionEvent[] = [];
  steps.forEach((s, i) => {
    const placed = placeWatchedRequest(
      groups,
      { proxyId: 'p1', exchangeId: `x${i}`, httpMethod: s.http, url: URL, headers: s.headers, body: s.body, at: i },
      () => 'w1',
    );
    groups = placed.groups;
    events.push(...placed.events);
  });
  // the initialize's answer is recorded last
  for (const i of [1, 2, 3, 0]) {
    const recorded = recordWatchedExchange(groups, `x${i}`, `leg${i}`, steps[i]!.ex);
    groups = recorded.groups;
    events.push(...recorded.events);
  }
  return reduceMany(emptySession, events);
}

describe("a watched client's other traffic, each leg judged by what it is", () => {
  it('reads a 202 to a notification as accepted, a GET as a stream, a DELETE as the session ended', () => {
    const session = watchSession();
    const outcomes = Object.fromEntries(Object.values(session.legs).map((l) => [l.id, l.outcome]));
    expect(outcomes.leg0).toMatchObject({ kind: 'complete' });
    expect(outcomes.leg1).toMatchObject({ kind: 'complete', accepted: 'notification' });
    expect(outcomes.leg2).toMatchObject({ kind: 'complete', accepted: 'stream' });
    expect(outcomes.leg3).toMatchObject({ kind: 'complete', accepted: 'session ended' });
    const rows = timelineRows(session);
    expect(rows[0]?.legs.map((r) => r.accepted)).toEqual(['notification', 'stream', 'session ended', undefined]);
  });

  it('finds nothing wrong with a correct session: no leg is a retry of another, the initialize carries no session id', () => {
    const session = watchSession();
    expect(Object.values(session.legs).every((l) => l.parentLegId === undefined)).toBe(true);
    expect(conversationLint(session, session.conversations.w1!).findings).toEqual([]);
  });

  it('keeps those readings when the session is saved and loaded', () => {
    const back = parseSessionFile(serializeSessionFile(toSessionFile(watchSession(), { redacted: false, now: 0 })));
    expect(back.ok && back.session.legs.leg1?.outcome).toMatchObject({ accepted: 'notification' });
    expect(back.ok && back.session.legs.leg2?.outcome).toMatchObject({ accepted: 'stream' });
  });
});
