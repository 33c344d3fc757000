import { describe, expect, it } from 'vitest';
import { interner, internSessionStrings } from './intern.ts';
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
