import { describe, expect, it } from 'vitest';
import { chooseEra, dualEraPitfall, eraFromDiscover } from './era.ts';

const err = (code: number, message = 'x') => ({ jsonrpc: '2.0', id: 1, error: { code, message } });

describe('eraFromDiscover', () => {
  it('says modern when server/discover answers with a result', () => {
    expect(eraFromDiscover(200, { jsonrpc: '2.0', id: 1, result: { supportedVersions: ['2026-07-28'] } })).toEqual({
      kind: 'modern',
    });
  });

  it('says modern when a 4xx carries a recognised 2026 error such as -32022', () => {
    expect(eraFromDiscover(400, err(-32022)).kind).toBe('modern');
    expect(eraFromDiscover(400, err(-32020)).kind).toBe('modern');
  });

  it('says legacy when a 4xx carries no modern error (the SDK 2025 server: 400 Server not initialized)', () => {
    const v = eraFromDiscover(400, err(-32000, 'Bad Request: Server not initialized'));
    expect(v).toEqual({ kind: 'legacy', reason: 'HTTP 400 with error -32000' });
    expect(eraFromDiscover(404, undefined).kind).toBe('legacy');
    expect(eraFromDiscover(405, 'Method Not Allowed').kind).toBe('legacy');
  });

  it("says legacy when the inspector's stdio bridge got no answer to server/discover in time (stdio: no answer means legacy)", () => {
    const unanswered = {
      jsonrpc: '2.0',
      id: 1,
      error: { code: -1, message: 'x', data: { source: 'mrtr-inspector', reason: 'discover_unanswered' } },
    };
    expect(eraFromDiscover(504, unanswered)).toEqual({
      kind: 'legacy',
      reason: 'no answer from the stdio server within the time limit',
    });
    // a server's own error that says the same words decides nothing
    const imitation = { ...unanswered, error: { ...unanswered.error, data: { reason: 'discover_unanswered' } } };
    expect(eraFromDiscover(504, imitation).kind).toBe('undecided');
  });

  it('decides nothing on 401/403, 5xx or no answer', () => {
    expect(eraFromDiscover(401, undefined).kind).toBe('undecided');
    expect(eraFromDiscover(403, undefined).kind).toBe('undecided');
    expect(eraFromDiscover(502, undefined).kind).toBe('undecided');
    expect(eraFromDiscover(undefined, undefined).kind).toBe('undecided');
  });
});

describe('chooseEra', () => {
  it('follows a pin whatever discovery said', () => {
    expect(chooseEra('2025-11-25', { kind: 'modern' })).toBe('legacy');
    expect(chooseEra('2026-07-28', { kind: 'legacy', reason: '' })).toBe('modern');
  });

  it('falls back to legacy on auto only after a legacy verdict', () => {
    expect(chooseEra('auto', { kind: 'legacy', reason: '' })).toBe('legacy');
    expect(chooseEra('auto', { kind: 'undecided', reason: '' })).toBe('modern');
  });
});

describe('dualEraPitfall', () => {
  const sdkMessage =
    'Handler for tools/call returned an input-required result, but this request is served on protocol revision 2025-11-25, which has no input_required vocabulary';

  it('explains -32603 after an input-needing tool on a legacy connection', () => {
    const f = dualEraPitfall({
      era: 'legacy',
      method: 'tools/call',
      name: 'dual_era_pitfall',
      error: { code: -32603, message: sdkMessage },
    });
    expect(f?.id).toBe('dual-era-pitfall');
    expect(f?.detail).toContain('dual_era_pitfall needs input');
    expect(f?.fix).toContain('legacyShim');
  });

  it('recognises the Python SDK wording too', () => {
    const f = dualEraPitfall({
      era: 'legacy',
      method: 'tools/call',
      name: 't',
      error: { code: -32603, message: 'Handler returned an invalid result' },
    });
    expect(f).toBeDefined();
  });

  it('stays silent on a modern connection, another code, or an unrelated -32603', () => {
    const base = { method: 'tools/call', name: 't' } as const;
    expect(dualEraPitfall({ ...base, era: 'modern', error: { code: -32603, message: sdkMessage } })).toBeUndefined();
    expect(dualEraPitfall({ ...base, era: 'legacy', error: { code: -32602, message: sdkMessage } })).toBeUndefined();
    expect(
      dualEraPitfall({ ...base, era: 'legacy', error: { code: -32603, message: 'database down' } }),
    ).toBeUndefined();
  });

  it('uses the 2026 run of Compare eras as evidence when the message says nothing', () => {
    const f = dualEraPitfall({
      era: 'legacy',
      method: 'tools/call',
      name: 't',
      error: { code: -32603, message: 'Internal error' },
      modernAskedForInput: true,
    });
    expect(f?.detail).toContain('asked for input as expected');
  });
});

describe('eraFromDiscover on a generic 2025 answer', () => {
  it('says legacy when a 200 result has no supportedVersions (a 2025 server answering an unknown method with {})', () => {
    expect(eraFromDiscover(200, { jsonrpc: '2.0', id: 1, result: {} }).kind).toBe('legacy');
    expect(eraFromDiscover(200, { jsonrpc: '2.0', id: 1, result: { supportedVersions: ['2026-07-28'] } }).kind).toBe(
      'modern',
    );
  });
});
