import { describe, expect, it } from 'vitest';
import { buildExport } from './export-build.ts';
import { toHar } from './har.ts';
import { parseSessionFile } from './session-file.ts';
import { TEST_TOKEN, testSession } from './session.fixtures.ts';

describe('buildExport', () => {
  it('writes a session file with the token redacted that reads back whole when secrets are left out', () => {
    const session = testSession();
    const built = buildExport({ kind: 'session', session, includeSecrets: false, notSecret: [], now: 1 });
    expect(built.text).not.toContain(TEST_TOKEN);
    expect(built.count).toBe(session.order.length);
    const read = parseSessionFile(built.text);
    expect(read.ok && Object.keys(read.session.legs)).toEqual(Object.keys(session.legs));
  });

  it('keeps the token when secrets are included', () => {
    const built = buildExport({ kind: 'session', session: testSession(), includeSecrets: true, notSecret: [], now: 1 });
    expect(built.text).toContain(TEST_TOKEN);
  });

  it('writes the same HAR as toHar with one entry per leg when asked for a HAR', () => {
    const session = testSession();
    const built = buildExport({ kind: 'har', session, includeSecrets: false, notSecret: [] });
    expect(JSON.parse(built.text)).toEqual(JSON.parse(JSON.stringify(toHar(session, { includeSecrets: false }))));
    expect(built.count).toBe(Object.keys(session.legs).length);
  });
});
