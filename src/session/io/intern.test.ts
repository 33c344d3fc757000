import { describe, expect, it } from 'vitest';
import { boxParseResult, interner, internSessionStrings, unboxParseResult } from './intern.ts';
import type { SessionState } from '../model.ts';
import { testSession } from './session.fixtures.ts';

describe('interner', () => {
  it('hands back the first string equal to the one given when it sees a value again', () => {
    const intern = interner();
    expect(intern('application/json')).toBe('application/json');
    expect(intern(['application', 'json'].join('/'))).toBe('application/json');
    expect(intern('text/event-stream')).toBe('text/event-stream');
  });
});

describe('internSessionStrings', () => {
  it('leaves every value as it was when it interns a cloned session', () => {
    const copy = structuredClone(testSession());
    internSessionStrings(copy);
    expect(copy).toEqual(testSession());
  });

  it('passes the header names and values, URLs, content types and every copy of a requestState through the interner', () => {
    const copy = structuredClone(testSession());
    const seen: string[] = [];
    internSessionStrings(copy, (value) => {
      seen.push(value);
      return value;
    });
    const leg1 = copy.legs['leg-1']!;
    const count = (v: string) => seen.filter((s) => s === v).length;
    // leg-1's state: its message's result, its outcome's result and its outcome; leg-2 sent it back (sent + original)
    expect(count('v1.eyJwIjp7fX0.sig')).toBe(5);
    for (const [name, value] of [...leg1.exchange.request.headers, ...leg1.exchange.response!.headers]) {
      expect(seen).toContain(name);
      expect(seen).toContain(value);
    }
    expect(seen).toContain(leg1.exchange.request.url);
    expect(seen).toContain(leg1.exchange.response!.contentType);
    expect(seen).toContain(copy.conversations.c1!.serverUrl);
  });
});

describe('boxParseResult', () => {
  const parsed = (session: SessionState) => ({ ok: true as const, session, redacted: false });

  it('makes every equal string one String object, and unboxing the clone gives back the result exactly', () => {
    const session = structuredClone(testSession());
    const boxed = boxParseResult(parsed(session));
    // the session was boxed in place: what a structured clone will see
    const leg1 = session.legs['leg-1']!;
    const leg2 = session.legs['leg-2']!;
    expect(leg1.exchange.request.url).toBeInstanceOf(String);
    // one object for one value, wherever it appears
    expect(leg2.sent.requestState).toBe(leg1.outcome.kind === 'input_required' && leg1.outcome.requestState);
    expect(leg2.exchange.request.url).toBe(leg1.exchange.request.url);
    expect(unboxParseResult(structuredClone(boxed))).toEqual(parsed(testSession()));
  });

  it('leaves a requestState that is not a string as the server sent it', () => {
    const session = structuredClone(testSession());
    const message = session.legs['leg-1']!.exchange.message as { result: { requestState: unknown } };
    message.result.requestState = 42;
    const result = unboxParseResult(boxParseResult(parsed(session)));
    const unboxed = result.ok && (result.session.legs['leg-1']!.exchange.message as typeof message);
    expect(unboxed && unboxed.result.requestState).toBe(42);
  });

  it('passes a parse error through as it is', () => {
    const error = { ok: false as const, error: 'The file is not valid JSON: x', path: 'session' };
    expect(unboxParseResult(boxParseResult(error))).toEqual(error);
  });
});
