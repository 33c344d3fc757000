import { describe, expect, it } from 'vitest';
import { runLegacyCall, runModernCall, type EraQuestion, type EraRunOptions } from '../../client/era-runs.ts';
import { compareEras } from '../../session/flows/compare-eras.ts';
import type { JsonObject } from '../../protocol/types.ts';
import { useMockServer } from './mock-rpc.fixtures.ts';

const mock = useMockServer();

function both(name: string, args: JsonObject, answer: (q: EraQuestion) => JsonObject) {
  const opts = (): EraRunOptions => ({
    url: mock.server.mcpUrl,
    fetch: (input, init) => fetch(input, init),
    method: 'tools/call',
    params: { name, arguments: args },
    answer,
  });
  return compareEras({
    runModern: () => runModernCall(opts()),
    runLegacy: () => runLegacyCall(opts()),
    name,
    method: 'tools/call',
  });
}

describe('Compare eras against the mock', () => {
  it('lines up provision in both eras with the same answer and the same result', async () => {
    const c = await both('provision', { name: 'orders' }, () => ({
      action: 'accept',
      content: { region: 'eu-west-1' },
    }));
    expect(c.modern).toMatchObject({ outcome: 'complete', summary: 'Provisioned orders in eu-west-1', questions: 1 });
    expect(c.legacy).toMatchObject({ outcome: 'complete', summary: 'Provisioned orders in eu-west-1', questions: 1 });
    // 2026: two tools/call legs. 2025: initialize, initialized, the call, the answer, DELETE.
    expect(c.modern.httpRoundTrips).toBe(2);
    expect(c.legacy.httpRoundTrips).toBe(5);
    expect(c.modern.arrows.map((a) => `${a.from}: ${a.text}`)).toEqual([
      'client: tools/call',
      'server: result: input_required',
      'client: tools/call',
      'server: result',
    ]);
    const legacy = c.legacy.arrows.map((a) => `${a.from}: ${a.text}`);
    expect(legacy.slice(0, 5)).toEqual([
      'client: initialize',
      'server: result',
      'client: notifications/initialized',
      'server: HTTP 202',
      'client: tools/call',
    ]);
    // in time order: the server pushes its question, the client answers in a new POST, then the result arrives
    const pushed = legacy.indexOf('server: elicitation/create (pushed)');
    const answered = legacy.indexOf('client: answer (JSON-RPC response)');
    expect(pushed).toBeGreaterThan(4);
    expect(answered).toBeGreaterThan(pushed);
    expect(legacy.lastIndexOf('server: result')).toBeGreaterThan(answered);
    expect(legacy.slice(-2)).toEqual(['client: DELETE (end session)', 'server: HTTP 200']);
    expect(c.modern.bytesSent).toBeGreaterThan(0);
    expect(c.legacy.bytesReceived).toBeGreaterThan(0);
    expect(c.pitfall).toBeUndefined();
  });

  it('explains the dual-era pitfall when the legacy run ends with -32603 and the modern one asked', async () => {
    const c = await both('dual_era_pitfall', {}, () => ({ action: 'accept', content: { confirm: true } }));
    expect(c.modern).toMatchObject({ outcome: 'complete', summary: 'Deleted report.pdf.' });
    expect(c.legacy.outcome).toBe('error');
    expect(c.legacy.summary).toMatch(/^-32603 /);
    expect(c.legacy.questions).toBe(0);
    expect(c.pitfall?.id).toBe('dual-era-pitfall');
    expect(c.pitfall?.detail).toContain('asked for input as expected');
  });
});
