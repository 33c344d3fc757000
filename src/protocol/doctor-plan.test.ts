import { describe, expect, it } from 'vitest';
import type { Outcome } from './classify.ts';
import type { Finding } from './doctor.ts';
import { directErrorOf, relevantFindings, versionRecoveryOf, versionRetryOf } from './doctor-plan.ts';
import type { Exchange } from './exchange.ts';

const unsupported = (supported: unknown): Outcome => ({
  kind: 'error',
  error: { code: -32022, message: 'Unsupported protocol version', data: { supported, requested: 'x' } as never },
});

const request = { url: 'http://s/mcp', method: 'POST' as const, headers: [], body: '{}' };

describe('doctor plan', () => {
  it('retries with a version this client speaks when a -32022 lists it', () => {
    expect(versionRetryOf(unsupported(['2025-11-25', '2026-07-28']), '2099-01-01')).toEqual({
      version: '2026-07-28',
      note: 'The server does not support 2099-01-01 (it supports 2025-11-25, 2026-07-28); retried with 2026-07-28.',
    });
  });

  it('does not retry when the listed version is the one just refused, or none is ours', () => {
    expect(versionRetryOf(unsupported(['2026-07-28']), '2026-07-28')).toBeUndefined();
    expect(versionRetryOf(unsupported(['2025-11-25']), '2026-07-28')).toBeUndefined();
    expect(versionRetryOf(unsupported('2026-07-28'), '2099-01-01')).toBeUndefined();
    expect(versionRetryOf({ kind: 'error', error: { code: -32602, message: 'x' } }, '2099-01-01')).toBeUndefined();
  });

  it('offers a listed version this client speaks when a call is refused with -32022', () => {
    expect(versionRecoveryOf(unsupported(['2025-06-18', '2026-07-28']), '2099-01-01')).toEqual({
      requested: '2099-01-01',
      supported: ['2025-06-18', '2026-07-28'],
      spoken: ['2026-07-28'],
      offer: '2026-07-28',
      offerIsRequested: false,
    });
  });

  it('offers nothing when the server lists no version this client speaks, or lists none at all', () => {
    expect(versionRecoveryOf(unsupported(['2025-11-25', '2025-06-18']), '2026-07-28')).toEqual({
      requested: '2026-07-28',
      supported: ['2025-11-25', '2025-06-18'],
      spoken: [],
      offerIsRequested: false,
    });
    for (const junk of [undefined, 'x', [], [7, null, { v: '2026-07-28' }]]) {
      const r = versionRecoveryOf(unsupported(junk), '2099-01-01');
      expect(r?.offer, JSON.stringify(junk)).toBeUndefined();
      expect(r?.supported).toEqual([]);
    }
  });

  it('prefers the client’s order and skips the refused version when the client speaks several', () => {
    const ours = ['2026-07-28', '2025-11-25'];
    expect(versionRecoveryOf(unsupported(['2025-11-25', '2026-07-28']), '2099-01-01', ours)?.offer).toBe('2026-07-28');
    const r = versionRecoveryOf(unsupported(['2025-11-25', '2026-07-28']), '2026-07-28', ours);
    expect(r).toMatchObject({ spoken: ['2026-07-28', '2025-11-25'], offer: '2025-11-25', offerIsRequested: false });
  });

  it('offers the refused version itself, flagged, when the server lists the very version it refused', () => {
    const r = versionRecoveryOf(unsupported(['2026-07-28', '2026-07-28']), '2026-07-28');
    expect(r).toEqual({
      requested: '2026-07-28',
      supported: ['2026-07-28'],
      spoken: ['2026-07-28'],
      offer: '2026-07-28',
      offerIsRequested: true,
    });
    // the automatic connect-time retry never repeats it
    expect(versionRetryOf(unsupported(['2026-07-28']), '2026-07-28')).toBeUndefined();
  });

  it('takes the refused version from data.requested when the caller does not know it', () => {
    const outcome: Outcome = {
      kind: 'error',
      error: { code: -32022, message: 'no', data: { supported: ['2026-07-28'], requested: '2024-11-05' } },
    };
    expect(versionRecoveryOf(outcome)).toMatchObject({ requested: '2024-11-05', offer: '2026-07-28' });
    expect(versionRecoveryOf(outcome, '2099-01-01')?.requested).toBe('2099-01-01');
  });

  it('says nothing when the outcome is not a -32022', () => {
    expect(versionRecoveryOf({ kind: 'error', error: { code: -32602, message: 'x' } }, '2099-01-01')).toBeUndefined();
    expect(versionRecoveryOf({ kind: 'complete', result: {}, resultTypeMissing: false })).toBeUndefined();
  });

  it('turns a recorded exchange into the doctor’s direct error when it failed in each way', () => {
    const network: Exchange = {
      request,
      startedAt: 0,
      durationMs: 1,
      failure: { kind: 'network', message: 'Failed to fetch' },
    };
    expect(directErrorOf({ kind: 'transport', reason: 'r' }, network)).toEqual({
      kind: 'network',
      message: 'Failed to fetch',
    });

    const response = { status: 401, statusText: '', headers: [], contentType: 'application/json', body: '{}', size: 2 };
    const http: Exchange = { request, response, startedAt: 0, durationMs: 1, message: { error: 'unauthorized' } };
    expect(directErrorOf({ kind: 'invalid', reason: 'not JSON-RPC' }, http)).toEqual({
      kind: 'http',
      status: 401,
      message: 'not JSON-RPC',
      body: { error: 'unauthorized' },
    });

    const garbled: Exchange = {
      request,
      response: { ...response, status: 200, body: '{"jsonrpc' },
      startedAt: 0,
      durationMs: 1,
    };
    expect(directErrorOf({ kind: 'invalid', reason: 'bad JSON' }, garbled).kind).toBe('parse');
  });

  it('drops browser-only advice when the request already goes through the relay', () => {
    const f = (id: string): Finding => ({ id, severity: 'error', title: id, detail: '', fix: '' });
    const all = [f('preflight-refused'), f('auth-required'), f('mixed-content'), f('legacy-server')];
    expect(relevantFindings(all, true).map((x) => x.id)).toEqual(['auth-required', 'legacy-server']);
    expect(relevantFindings(all, false)).toHaveLength(4);
  });
});
