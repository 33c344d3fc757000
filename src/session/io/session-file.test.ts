import { describe, expect, it } from 'vitest';
import { parseSessionFile, serializeSessionFile, toSessionFile, type ParseResult } from './session-file.ts';
import { testSession } from './session.fixtures.ts';
import type { SessionState } from '../model.ts';

const NOW = Date.UTC(2026, 6, 28);

function fileText(session: SessionState = testSession()): string {
  return serializeSessionFile(toSessionFile(session, { redacted: false, now: NOW }));
}

function mutate(edit: (file: any) => void): ParseResult {
  const file = JSON.parse(fileText());
  edit(file);
  return parseSessionFile(JSON.stringify(file));
}

function errorOf(result: ParseResult): string {
  if (result.ok) throw new Error('expected the file to be rejected');
  return result.error;
}

describe('session file format', () => {
  it('gives back the same session when a written file is read', () => {
    const session = testSession();
    const result = parseSessionFile(fileText(session));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.session).toEqual(session);
    expect(result.exportedAt).toBe('2026-07-28T00:00:00.000Z');
  });

  it('keeps fields a newer model added when they round-trip', () => {
    const result = mutate((f) => {
      f.session.conversations.c1.notes = 'checked by Ana';
      f.session.legs['leg-1'].pinned = true;
    });
    expect(result.ok && (result.session.conversations.c1 as any).notes).toBe('checked by Ana');
    expect(result.ok && (result.session.legs['leg-1'] as any).pinned).toBe(true);
  });

  it('says which version wrote the file when the version is newer', () => {
    expect(errorOf(mutate((f) => (f.version = 3)))).toBe(
      'This file was written by a newer version (3) of the session format; this MRTR Inspector reads version 1. Update the inspector to open it.',
    );
  });

  it('names the failing field path when a nested field has the wrong type', () => {
    const result = mutate((f) => (f.session.legs['leg-2'].exchange.request.url = 42));
    expect(errorOf(result)).toMatch(/^session\.legs\["leg-2"\]\.exchange\.request\.url: .*expected string/);
    expect(!result.ok && result.path).toBe('session.legs["leg-2"].exchange.request.url');
  });

  it('names a missing required field', () => {
    expect(errorOf(mutate((f) => delete f.session.conversations.c1.method))).toMatch(
      /^session\.conversations\.c1\.method: /,
    );
  });

  it('names a header entry that is not a name/value pair', () => {
    expect(errorOf(mutate((f) => (f.session.legs['leg-1'].exchange.request.headers[1] = ['Accept'])))).toMatch(
      /^session\.legs\["leg-1"\]\.exchange\.request\.headers\[1\]/,
    );
  });

  it('counts the other problems when there are several', () => {
    const error = errorOf(
      mutate((f) => {
        f.session.nextRpcId = -1;
        f.session.order = 'c1';
      }),
    );
    expect(error).toMatch(/\(and 1 more problem\)$/);
  });

  it('rejects text that is not JSON with the parser message', () => {
    expect(errorOf(parseSessionFile('{"format": '))).toMatch(/^The file is not valid JSON: /);
  });

  it('rejects a JSON array as not a session file object', () => {
    expect(errorOf(parseSessionFile('[1,2]'))).toBe('The file holds an array, not a session file object.');
  });

  it('rejects another kind of JSON file by its format field', () => {
    expect(errorOf(parseSessionFile('{"log":{"version":"1.2"}}'))).toBe(
      'format: is missing; expected "mrtr-inspector-session". This is not an MRTR Inspector session file.',
    );
  });

  it('rejects a version that is not a whole number', () => {
    expect(errorOf(mutate((f) => (f.version = '1')))).toBe('version: "1"; expected a whole number from 1.');
  });

  it('rejects a redacted flag that is not a boolean', () => {
    expect(errorOf(mutate((f) => (f.redacted = 'yes')))).toBe('redacted: "yes"; expected true or false.');
  });

  it('rejects a conversation that lists a leg the file does not hold', () => {
    expect(errorOf(mutate((f) => f.session.conversations.c1.legIds.push('leg-9')))).toBe(
      'session.conversations.c1.legIds[2]: leg "leg-9" is not in session.legs',
    );
  });

  it('rejects an order entry without a conversation', () => {
    expect(errorOf(mutate((f) => f.session.order.push('c9')))).toBe(
      'session.order[3]: conversation "c9" is not in session.conversations',
    );
  });

  it('rejects a conversation missing from the order', () => {
    expect(errorOf(mutate((f) => (f.session.order = ['c1', 'c2'])))).toBe(
      'session.order: conversation "c3" is missing from the order',
    );
  });

  it('rejects a leg whose id disagrees with its key', () => {
    expect(errorOf(mutate((f) => (f.session.legs['leg-1'].id = 'leg-x')))).toBe(
      'session.legs["leg-1"].id: "leg-x" does not match its key "leg-1"',
    );
  });

  it('rejects a leg that belongs to no conversation', () => {
    expect(errorOf(mutate((f) => (f.session.legs['leg-3'].conversationId = 'c7')))).toBe(
      'session.legs["leg-3"].conversationId: conversation "c7" does not exist',
    );
  });

  it('recomputes outcomes from the recorded bytes when a file claims another outcome', () => {
    const result = mutate((f) => (f.session.legs['leg-1'].outcome = { kind: 'complete', result: {} }));
    expect(result.ok && result.session.legs['leg-1']!.outcome.kind).toBe('input_required');
  });

  it('drops in-flight markers when a file is loaded', () => {
    const result = mutate((f) => (f.session.conversations.c2.inFlight = { rpcId: 9, startedAt: 1 }));
    expect(result.ok && 'inFlight' in result.session.conversations.c2!).toBe(false);
  });

  it('reads a 2025-11-25 pushed leg back as the question it was, not as an invalid response to the call', () => {
    const exchange = {
      request: { url: 'http://legacy/mcp', method: 'POST' as const, headers: [], body: '{}' },
      startedAt: 1,
      durationMs: 0,
      response: {
        status: 200,
        statusText: 'OK',
        headers: [['content-type', 'text/event-stream']] as [string, string][],
        contentType: 'text/event-stream',
        body: 'data: {"jsonrpc":"2.0","id":3,"method":"elicitation/create","params":{"message":"Name?"}}\n\n',
        size: 80,
      },
      message: { jsonrpc: '2.0', id: 3, method: 'elicitation/create', params: { message: 'Name?' } },
    };
    const pushed = { id: 3, method: 'elicitation/create', key: 'elicitation/create #3' };
    const sent = {
      answeredKeys: [],
      unansweredKeys: [],
      requestStateEdited: false,
      bodyEdited: false,
      capabilities: {},
      params: {},
    };
    const state: SessionState = {
      conversations: {
        c1: {
          id: 'c1',
          kind: 'legacy-call',
          title: 'ask',
          method: 'tools/call',
          serverUrl: 'http://legacy/mcp',
          createdAt: 1,
          params: { name: 'ask' },
          legIds: ['l1'],
        },
      },
      order: ['c1'],
      legs: {
        l1: {
          id: 'l1',
          conversationId: 'c1',
          rpcId: 3,
          exchange,
          outcome: { kind: 'invalid', reason: 'stale' },
          sent,
          pushed,
        },
      },
      nextRpcId: 4,
    };
    const read = parseSessionFile(fileText(state));
    expect(read.ok && read.session.legs.l1?.outcome).toMatchObject({
      kind: 'input_required',
      inputRequests: { 'elicitation/create #3': { method: 'elicitation/create', params: { message: 'Name?' } } },
    });
  });
});
