import { describe, expect, it } from 'vitest';
import { buildExport } from '../../session/io/export-build.ts';
import { testSession } from '../../session/io/session.fixtures.ts';
import { exportOffThread } from './export-off-thread.ts';

describe('exportOffThread', () => {
  it('builds the same file here when there is no Worker (node, jsdom)', async () => {
    const req = { kind: 'session', session: testSession(), includeSecrets: false, notSecret: [], now: 5 } as const;
    const file = await exportOffThread(req);
    expect(await file.blob.text()).toBe(buildExport(req).text);
    expect(file.blob.type).toBe('application/json');
  });
});
