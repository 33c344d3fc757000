import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEverythingServer, type EverythingServer } from '../test-servers/everything-server.fixtures.ts';
import { auditCommand } from './audit-command.ts';

let everything: EverythingServer;
beforeAll(async () => {
  everything = await startEverythingServer();
}, 30_000);
afterAll(() => everything.close());

/** The command's output and exit status, its console silenced. */
async function run(extra: Partial<Parameters<typeof auditCommand>[0]> = {}): Promise<{ code: number; out: string }> {
  const out: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
  const err = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const code = await auditCommand({
      kind: 'audit',
      servers: [everything.url],
      json: false,
      only: [],
      headers: {},
      unusable: {},
      reports: {},
      failOn: 'fail',
      ...extra,
    });
    return { code, out: out.join('\n') };
  } finally {
    log.mockRestore();
    err.mockRestore();
  }
}

describe('audit of a 2025-11-25 server (the reference everything server)', () => {
  it('finds the era as the app does and says plainly that there is no requestState to score', async () => {
    const { code, out } = await run();
    expect(out).toMatch(
      /This server speaks 2025-11-25 \(server\/discover got HTTP 400 with error -32000; fell back to initialize\)/,
    );
    expect(out).toContain("keeps a call's state in its session (Mcp-Session-Id)");
    expect(out).toContain('there is nothing for this audit to score');
    // it never lists over the 2026-07-28 wire, which such a server answers "not initialized"
    expect(out).not.toMatch(/Server not initialized|tools\/list failed/);
    expect(out).toMatch(/0 audited/);
    // nothing failed: the audit does not apply there, and the output says so
    expect(code).toBe(0);
  }, 30_000);

  it('carries the era into the JSON report and the report files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrtr-audit-era-'));
    try {
      const html = join(dir, 'a.html');
      const junit = join(dir, 'a.xml');
      const { out } = await run({ json: true, reports: { html, junit } });
      expect(JSON.parse(out).era).toEqual({
        version: '2025-11-25',
        reason: 'server/discover got HTTP 400 with error -32000; fell back to initialize',
      });
      expect(readFileSync(html, 'utf8')).toContain('there is nothing for this audit to score');
      expect(readFileSync(junit, 'utf8')).toMatch(
        /<testcase classname="era" name="2025-11-25">\s*<skipped message="This server speaks/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
