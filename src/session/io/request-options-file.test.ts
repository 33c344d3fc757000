import { describe, expect, it } from 'vitest';
import { parseSessionFile, serializeSessionFile, toSessionFile, type ParseResult } from './session-file.ts';
import { testSession } from './session.fixtures.ts';
import type { SessionState } from '../model.ts';

const NOW = Date.UTC(2026, 6, 28);
const OPTIONS = { progressToken: 'progress-1', logLevel: 'info' as const, traceparent: '00-ab-cd-01' };

function text(session: SessionState): string {
  return serializeSessionFile(toSessionFile(session, { redacted: false, now: NOW }));
}

/** The test session with request options on every draft and every leg's sent facts. */
function withOptions(): SessionState {
  const s = testSession();
  const legs = Object.fromEntries(
    Object.entries(s.legs).map(([id, leg]) => [id, { ...leg, sent: { ...leg.sent, requestOptions: OPTIONS } }]),
  );
  const conversations = Object.fromEntries(
    Object.entries(s.conversations).map(([id, c]) => [
      id,
      c.draft ? { ...c, draft: { ...c.draft, requestOptions: OPTIONS } } : c,
    ]),
  );
  return { ...s, legs, conversations };
}

function errorOf(result: ParseResult): string {
  if (result.ok) throw new Error('expected the file to be rejected');
  return result.error;
}

describe('session files and request options', () => {
  it('reads a file written before request options existed', () => {
    const old = testSession();
    for (const leg of Object.values(old.legs)) expect('requestOptions' in leg.sent).toBe(false);
    const result = parseSessionFile(text(old));
    expect(result.ok && result.session).toEqual(old);
  });

  it('keeps the request options of drafts and legs when a file is written and read back', () => {
    const session = withOptions();
    expect(Object.values(session.conversations).some((c) => c.draft?.requestOptions)).toBe(true);
    const result = parseSessionFile(text(session));
    expect(result.ok && result.session).toEqual(session);
  });

  it('names the field when a saved progressToken is neither a string nor a number', () => {
    const file = JSON.parse(text(withOptions())) as { session: SessionState };
    const legId = Object.keys(file.session.legs)[0]!;
    (file.session.legs[legId]!.sent as unknown as { requestOptions: unknown }).requestOptions = {
      progressToken: { nested: true },
    };
    expect(errorOf(parseSessionFile(JSON.stringify(file)))).toContain('requestOptions.progressToken');
  });
});
