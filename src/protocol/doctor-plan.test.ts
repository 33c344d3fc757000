import { describe, expect, it } from 'vitest';
import type { Outcome } from './classify.ts';
import type { Finding } from './doctor.ts';
import { directErrorOf, relevantFindings, versionRetryOf } from './doctor-plan.ts';
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
