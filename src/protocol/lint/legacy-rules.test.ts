import { describe, expect, it } from 'vitest';
import { LEGACY_PROTOCOL_VERSION } from '../types.ts';
import { jsonExchange, testLeg } from './lint-legs.fixtures.ts';
import { legEra, LEGACY_RULES } from './legacy-rules.ts';
import { lintLeg } from './lint-leg.ts';
import type { LintLeg } from './lint-types.ts';

/** A 2025-11-25 tools/call leg, the way the legacy session sends it (no Mcp-Method, no _meta envelope). */
function legacyLeg(o: { headers?: [string, string][]; id?: number } = {}): LintLeg {
  const id = o.id ?? 3;
  const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: {} } });
  const headers: [string, string][] = o.headers ?? [
    ['content-type', 'application/json'],
    ['accept', 'application/json, text/event-stream'],
    ['mcp-protocol-version', LEGACY_PROTOCOL_VERSION],
    ['mcp-session-id', 'sess-1'],
  ];
  const exchange = jsonExchange(
    { url: 'http://127.0.0.1:1/mcp', method: 'POST', headers, body },
    {
      jsonrpc: '2.0',
      id,
      result: { content: [{ type: 'text', text: 'ok' }] },
    },
  );
  return {
    method: 'tools/call',
    rpcId: id,
    exchange,
    outcome: { kind: 'complete', result: { content: [] }, resultTypeMissing: true },
    sent: { answeredKeys: [], unansweredKeys: [], requestStateEdited: false, bodyEdited: false, capabilities: {} },
  };
}

/** A leg for a request the server pushed on the call's stream, answered with `answer` (a JSON-RPC response body). */
function pushedLeg(answer: unknown, headers?: [string, string][]): LintLeg {
  const leg = legacyLeg();
  const request = {
    url: 'http://127.0.0.1:1/mcp',
    method: 'POST' as const,
    headers: headers ?? [
      ['content-type', 'application/json'],
      ['mcp-protocol-version', LEGACY_PROTOCOL_VERSION],
      ['mcp-session-id', 'sess-1'],
    ],
    body: JSON.stringify(answer),
  };
  return {
    ...leg,
    pushed: { id: 'srv-7', method: 'elicitation/create' },
    answer: { exchange: { request, startedAt: 0, durationMs: 1 } },
  };
}

const rules = (leg: LintLeg, history: LintLeg[] = []) => lintLeg({ leg, history }).map((f) => f.rule);

describe('lint knows the era of a leg', () => {
  it('reads a leg sent with MCP-Protocol-Version 2025-11-25, or a pushed leg, as 2025-11-25', () => {
    expect(legEra(legacyLeg())).toBe('legacy');
    expect(legEra(pushedLeg({ jsonrpc: '2.0', id: 'srv-7', result: {} }))).toBe('legacy');
  });

  it('runs no 2026-07-28 rule against a 2025-11-25 leg: a well-formed one has no findings', () => {
    expect(lintLeg({ leg: legacyLeg(), history: [] })).toEqual([]);
  });

  it('flags a 2025-11-25 request without MCP-Protocol-Version (and says which revision it cites)', () => {
    const leg = legacyLeg({ headers: [['mcp-session-id', 'sess-1']] });
    const findings = lintLeg({ leg, history: [legacyLeg()] });
    expect(findings.map((f) => f.rule)).toEqual(['legacy/protocol-version-header']);
    expect(findings[0]?.spec.revision).toBe('2025-11-25');
    expect(findings[0]?.spec.url).toBe(
      'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#protocol-version-header',
    );
  });

  it('flags a request without the session id once the session has one, or with another one', () => {
    const before = [legacyLeg()];
    const missing = legacyLeg({ headers: [['mcp-protocol-version', LEGACY_PROTOCOL_VERSION]] });
    expect(rules(missing, before)).toEqual(['legacy/session-id']);
    const other = legacyLeg({
      headers: [
        ['mcp-protocol-version', LEGACY_PROTOCOL_VERSION],
        ['mcp-session-id', 'sess-2'],
      ],
    });
    expect(rules(other, before)).toEqual(['legacy/session-id']);
  });

  it('flags a pushed request answered with another id, or with a body that is not a response', () => {
    expect(rules(pushedLeg({ jsonrpc: '2.0', id: 'srv-7', result: { action: 'accept' } }))).toEqual([]);
    expect(rules(pushedLeg({ jsonrpc: '2.0', id: 7, result: {} }))).toEqual(['legacy/answer-id']);
    expect(rules(pushedLeg({ jsonrpc: '2.0', id: 'srv-7', method: 'x' }))).toEqual(['legacy/answer-id']);
  });

  it('says "edited by you" (information) when the answer was edited in the composer on purpose', () => {
    const leg = pushedLeg({ jsonrpc: '2.0', id: 7, result: {} });
    const [finding] = lintLeg({ leg: { ...leg, answer: { ...leg.answer!, edited: true } }, history: [] });
    expect(finding).toMatchObject({ rule: 'legacy/answer-id', severity: 'info', byYou: 'edited by you' });
  });

  it('flags the answer to a pushed request sent without the session id or the version header', () => {
    expect(
      rules(pushedLeg({ jsonrpc: '2.0', id: 'srv-7', result: {} }, [['content-type', 'application/json']])),
    ).toEqual(['legacy/protocol-version-header', 'legacy/session-id']);
  });

  it('reads the initialize that opens a session as 2025-11-25, and finds nothing wrong with it', () => {
    // the handshake goes out before there is a version to name or a session id to carry, as the SDKs send it
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: LEGACY_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    });
    const exchange = jsonExchange(
      {
        url: 'http://127.0.0.1:1/mcp',
        method: 'POST',
        headers: [
          ['content-type', 'application/json'],
          ['accept', 'application/json, text/event-stream'],
        ],
        body,
      },
      { jsonrpc: '2.0', id: 1, result: { protocolVersion: LEGACY_PROTOCOL_VERSION, capabilities: {} } },
    );
    const leg: LintLeg = {
      ...legacyLeg(),
      method: 'initialize',
      rpcId: 1,
      exchange,
      outcome: { kind: 'complete', result: {}, resultTypeMissing: true },
    };
    expect(legEra(leg)).toBe('legacy');
    expect(lintLeg({ leg, history: [] })).toEqual([]);
    // after legs of a session (a watched client's earlier traffic, or a session it re-initializes): still no session
    // id to carry, since initialize is what opens one
    expect(lintLeg({ leg, history: [legacyLeg()] })).toEqual([]);
  });

  it('keeps the 2026-07-28 rules for a 2026-07-28 leg', () => {
    const leg = legacyLeg({ headers: [['mcp-protocol-version', '2026-07-28']] });
    expect(legEra(leg)).toBe('modern');
    expect(rules(leg)).toContain('client/headers-match-body');
  });

  it('lists each era rule once', () => {
    expect(new Set(LEGACY_RULES).size).toBe(LEGACY_RULES.length);
  });
});

describe('a leg a tap carried over stdio (no HTTP headers, by the transport)', () => {
  const overStdio = (leg: LintLeg): LintLeg => ({
    ...leg,
    exchange: {
      ...leg.exchange,
      request: {
        ...leg.exchange.request,
        url: 'stdio: python server.py',
        headers: [['content-type', 'application/json']],
      },
    },
  });

  it('is a 2025-11-25 leg when its body names no version, and no header rule fires', () => {
    const leg = overStdio(legacyLeg());
    expect(legEra(leg)).toBe('legacy');
    expect(rules(leg, [overStdio(legacyLeg({ id: 2 }))])).toEqual([]);
    // the same leg over HTTP without its session id, in a session that has one, is faulted: skipped for stdio only
    const overHttp = legacyLeg({
      headers: [
        ['content-type', 'application/json'],
        ['mcp-protocol-version', LEGACY_PROTOCOL_VERSION],
      ],
    });
    expect(rules(overHttp, [legacyLeg({ id: 2 })])).toEqual(['legacy/session-id']);
  });

  it('is a 2026-07-28 leg by its _meta envelope, judged by every rule but the header rule', () => {
    const leg = overStdio(testLeg({ headers: [] }));
    expect(legEra(leg)).toBe('modern');
    expect(rules(leg)).toEqual([]);
    expect(rules(testLeg({ headers: [] }))).toContain('client/headers-match-body');
    // a retry over stdio reusing its first leg's id is still a fault: the body's rules apply
    const first = overStdio(testLeg({ id: 1, headers: [] }));
    const retry = overStdio(
      testLeg({ id: 1, headers: [], requestState: 'abc', inputResponses: { confirm: { action: 'accept' } } }),
    );
    expect(rules(retry, [first])).toContain('client/new-id');
  });
});
